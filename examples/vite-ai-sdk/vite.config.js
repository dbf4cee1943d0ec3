import { skillbox } from "skillbox/vite";
import { defineConfig } from "vite";

// One line: serves Skillbox's runtime at /skillbox/ in dev and copies it into the build.
export default defineConfig({ plugins: [skillbox()] });
