export const UNIT = 'cm';
export function area(w, h) {
  return w * h;
}
export class Rect {
  constructor(w, h) {
    this.w = w;
    this.h = h;
  }
  get area() {
    return area(this.w, this.h);
  }
}
export default function describe(shape) {
  return `Rect ${shape.w}x${shape.h} = ${shape.area} ${UNIT}^2`;
}
