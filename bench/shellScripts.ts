/**
 * The shell scripts the benchmark runs on the Wasmer engine and, for comparison, with native sh:
 * one of a single process, and one that forks four processes and a `$(…)`.
 */
export const BENCH_SHELL_SCRIPTS = {
  "hello.sh": "echo hello\n",
  "pipeline.sh": 'seq 1 200 | sort -rn | head -n 3 | wc -l > /dev/null; x=$(echo a); echo "$x"\n',
} as const;
