import { z } from "../../zod.ts";

/**
 * Downloads a package named like `wasmer/bash@1.0.24` from a Wasmer registry, on the page (the
 * sandbox has no network): one GraphQL lookup of the version's download URL, then the bytes.
 */

const PACKAGE_VERSION_QUERY = `query SkillboxShellPackage($name: String!, $version: String) {
  getPackageVersion(name: $name, version: $version) {
    version
    distribution { webcDownloadUrl piritaDownloadUrl }
  }
}`;

const answerSchema = z.object({
  data: z
    .object({
      getPackageVersion: z
        .object({
          version: z.string(),
          distribution: z.object({
            webcDownloadUrl: z.string().nullish(),
            piritaDownloadUrl: z.string().nullish(),
          }),
        })
        .nullable(),
    })
    .nullish(),
  errors: z.array(z.object({ message: z.string() })).optional(),
});

export function splitRegistryName(spec: string): { name: string; version?: string } {
  const at = spec.indexOf("@");
  return at < 0 ? { name: spec } : { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

export async function downloadRegistryPackage(
  spec: string,
  registry: string,
): Promise<ArrayBuffer> {
  const { name, version } = splitRegistryName(spec);
  const response = await fetch(registry, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ query: PACKAGE_VERSION_QUERY, variables: { name, version } }),
  });
  if (!response.ok) throw new Error(`registry ${registry}: HTTP ${response.status}`);
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(`registry ${registry}: unexpected answer`);
  const { data, errors } = parsed.data;
  if (errors?.length) {
    throw new Error(`registry ${registry}: ${errors.map((e) => e.message).join("; ")}`);
  }
  const found = data?.getPackageVersion;
  if (!found) throw new Error(`${spec} is not in the registry ${registry}`);
  const url = found.distribution.webcDownloadUrl ?? found.distribution.piritaDownloadUrl;
  if (!url) throw new Error(`${name}@${found.version} has no .webc download in ${registry}`);
  const download = await fetch(url);
  if (!download.ok)
    throw new Error(`could not download ${spec} from ${url}: HTTP ${download.status}`);
  return download.arrayBuffer();
}
