// Server-rendered HTML of the sandbox (simulator pages, error pages): escaped text, an external
// stylesheet, and scripts only from files (the CSP of DESIGN §4 forbids inline script and style).

/** The simulator's stylesheet. */
const SIMULATOR_STYLESHEET = '/recipient/assets/simulator.css';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Trusted HTML: markup built by `html` with every interpolated value escaped. */
export interface Html {
  readonly __html: string;
}

type HtmlValue = string | number | Html | undefined | false | readonly HtmlValue[];

const render = (value: HtmlValue): string => {
  if (value === undefined || value === false) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  if (Array.isArray(value)) return value.map(render).join('');
  return (value as Html).__html;
};

/** Tagged template: literal markup stays, every value is escaped unless it is already Html. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  return { __html: strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index]) : ''), '') };
}

/** A whole page: title, stylesheet, optional external scripts, and the body. */
export function htmlPage(title: string, body: Html, scripts: readonly string[] = []): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Sandbox bank</title>
<link rel="stylesheet" href="${SIMULATOR_STYLESHEET}">
${scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('\n')}
</head>
<body>
<main>
${body.__html}
</main>
</body>
</html>
`;
}

/** A page that states one problem plainly, with a way back. */
export const messagePage = (
  title: string,
  message: string,
  back: { href: string; label: string } = { href: '/recipient/', label: 'Back to the recipient simulator' },
): string => htmlPage(title, html`<h1>${title}</h1><p>${message}</p><p><a href="${back.href}">${back.label}</a></p>`);
