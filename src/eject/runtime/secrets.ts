/** The generated project's tool secrets (src/secrets.ts): read from the environment at call time, sent only to their tool's origin. */
export const SECRETS_SOURCE = `/**
 * The secrets the tools send (\`{{ secrets.NAME }}\` in a header or query value). Each is read from
 * the environment variable NAME when a call is made — never written in the code — and sent only
 * to the origin its tool was written for, or to an origin listed in NAME_ORIGINS (comma-separated).
 */
const SECRET = /\\{\\{\\s*secrets\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\}\\}/g;
/** Stands in for a placeholder when the origin a template is written for is worked out. */
const PROBES = ["probe-a.invalid", "probe-b.invalid"];

/** Where a request goes, which origins its secrets may go to, and who sends it (for messages). */
export interface SecretDestination {
  origin: string;
  allowed: readonly string[];
  who: string;
}

/** The origin a URL template always goes to, or none when arguments decide its scheme, host or port. */
export function writtenOrigin(urlTemplate: string): string[] {
  try {
    const [a, b] = PROBES.map((probe) => new URL(urlTemplate.replace(/\\{\\{[^}]*\\}\\}/g, probe)));
    return a && b && a.origin === b.origin && /^https?:$/.test(a.protocol) ? [a.origin] : [];
  } catch {
    return [];
  }
}

function originList(text: string | undefined): string[] {
  return (text ?? "").split(",").flatMap((entry) => writtenOrigin(entry.trim()));
}

/** The values of the secrets \`templates\` read, for a request to \`to.origin\`, or an error saying what to set. */
export function readSecrets(templates: readonly string[], to: SecretDestination): Record<string, string> {
  const out: Record<string, string> = {};
  for (const template of templates) {
    for (const [, name = ""] of template.matchAll(SECRET)) {
      if (Object.hasOwn(out, name)) continue;
      const value = process.env[name];
      if (!value) throw new Error(\`\${to.who} needs the secret \${name}, which is not set: set the environment variable \${name} (see .env.example).\`);
      if (![...to.allowed, ...originList(process.env[\`\${name}_ORIGINS\`])].includes(to.origin)) {
        throw new Error(\`\${to.who} would send the secret \${name} to \${to.origin}, which it is not for: add \${to.origin} to \${name}_ORIGINS if it may go there.\`);
      }
      out[name] = value;
    }
  }
  return out;
}
`;
