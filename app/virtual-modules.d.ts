/** app/first-paint.ts bundled as text for an inline <script> (scripts/first-paint-plugin.ts). */
declare module "virtual:first-paint-script" {
  const script: string;
  export default script;
}

/** Each island entry's script and chunks, from the islands' build (scripts/islands-plugin.ts). */
declare module "virtual:island-scripts" {
  const scripts: Record<string, { url: string; chunks: string[] }>;
  export default scripts;
}
