/** app/first-paint.ts bundled as text for an inline <script> (scripts/first-paint-plugin.ts). */
declare module "virtual:first-paint-script" {
  const script: string;
  export default script;
}
