/**
 * Who may import whom inside the server (server/README.md, "Who imports whom"): the database
 * layer knows no domain, nor do the audit log (every domain writes to it) and the privacy rules
 * (every domain keeps to them), and no part of
 * the server loads the site's or the console's code. A relative import is resolved against the
 * importing file, so the rule holds at any depth; imports of packages are not its business.
 */
import { dirname, relative, resolve } from "node:path";

/** The server's domain folders: each holds its routes, rules and queries. */
export const SERVER_DOMAINS = ["leads", "newsletter", "people", "staff", "mail", "alerts"].map(
  (name) => `server/${name}/`,
);

/**
 * Each rule: the files it governs (a folder of the repository) and the folders they may not
 * import from; `allowOnly`, when set, lists the only folders (beside their own) they may import.
 */
export const IMPORT_RULES = [
  {
    files: "server/db/",
    // server/privacy/: a migration that rewrites stored data keeps to what may be kept of an address.
    allowOnly: ["server/db/", "server/privacy/", "leads/", "staff-api/", "common/"],
    message:
      "server/db/ holds the connection, the schema and the migrations; it imports no domain and no other part of the server but privacy/.",
  },
  {
    files: "server/privacy/",
    forbid: SERVER_DOMAINS,
    message:
      "What may be kept of an address is a rule every domain follows; it imports none of them.",
  },
  {
    files: "server/audit/",
    forbid: SERVER_DOMAINS,
    message: "The audit log is written by every domain and imports none of them.",
  },
  {
    files: "server/",
    forbid: ["app/", "console/"],
    message: "The server never imports the site's or the console's code.",
  },
];

/** The repository-relative path `specifier` names from `filename`, or null for a package. */
function importedPath(root, filename, specifier) {
  if (!specifier.startsWith(".")) return null;
  return (
    relative(root, resolve(dirname(filename), specifier))
      .split("\\")
      .join("/") + "/"
  );
}

/** @type {import("eslint").Rule.RuleModule} */
export const importDirection = {
  meta: {
    type: "problem",
    docs: { description: "Holds the server's import directions" },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split("\\").join("/");
    const rules = IMPORT_RULES.filter((rule) => file.startsWith(rule.files));
    if (rules.length === 0) return {};
    function check(node) {
      const target = node.source && importedPath(root, context.filename, String(node.source.value));
      if (!target) return;
      for (const rule of rules) {
        const refused = rule.allowOnly
          ? !rule.allowOnly.some((folder) => target.startsWith(folder))
          : rule.forbid.some((folder) => target.startsWith(folder));
        if (refused) context.report({ node: node.source, message: rule.message });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
