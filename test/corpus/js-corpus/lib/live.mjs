export let count = 0;
export function inc() {
  count += 1;
}
