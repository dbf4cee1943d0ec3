/**
 * The pooled Python worker's memory row: the runner computes it from the page's two samples, or
 * the page sends it as n/a, with why, when it could not pool the workers.
 */
export const POOLED_WORKER_MEMORY = "memory: per idle pooled Python worker (RSS growth for 4, ÷ 4)";
