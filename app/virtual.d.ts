declare module "virtual:demo-skills" {
  /** Paths of the demo skill files under public/skills, e.g. `csv-insights/SKILL.md`. */
  const paths: string[];
  export default paths;
}
