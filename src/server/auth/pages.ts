import type { Language } from './page-language';
import { PAGE_TEXTS } from './page-texts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Our pages carry no script except a nonce-tagged one, and must never be framed (clickjacking). */
export function pageSecurityHeaders(scriptNonce?: string): Record<string, string> {
  const script = scriptNonce ? `; script-src 'nonce-${scriptNonce}'` : '';
  return {
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'${script}`,
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  };
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d1f23}
main{max-width:22rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.5rem;font-weight:500;margin:0 0 1.5rem}
label{display:block;font-weight:500;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font:inherit;border:1px solid #8a8f98;border-radius:4px}
input:focus,button:focus,a:focus{outline:3px solid #7aa7ff;outline-offset:1px}
button{width:100%;margin-top:1.5rem;padding:.7rem;font:inherit;font-weight:600;color:#fff;background:#1f5fbf;border:0;border-radius:4px;cursor:pointer}
button.secondary{color:#1f5fbf;background:#fff;border:1px solid #1f5fbf;margin-top:.75rem}
.alert{padding:.75rem;border-radius:4px;background:#fdecea;color:#8a1c14;border:1px solid #f5c2bd}
.lang{margin-top:1.5rem;text-align:right}
a{color:#1f5fbf}
@media (prefers-color-scheme:dark){body{background:#121417;color:#e8eaed}main{background:#1e2126}input{background:#121417;color:#e8eaed}.alert{background:#3b1512;color:#f9d4cf}}
`;

function layout(lang: Language, title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${head}
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function languageSwitch(lang: Language, hrefFor: (other: Language) => string): string {
  const other: Language = lang === 'en' ? 'fr' : 'en';
  const name = PAGE_TEXTS[other].languageName;
  return `<p class="lang"><a href="${escapeHtml(hrefFor(other))}" lang="${other}" hreflang="${other}">${name}</a></p>`;
}

export interface SignInPageOptions {
  lang: Language;
  /** form action (the POST login URL) */
  action: string;
  /** URL of this page in the other language */
  switchHref: (other: Language) => string;
  email?: string;
  error?: string;
}

export function renderSignInPage({ lang, action, switchHref, email = '', error }: SignInPageOptions): string {
  const t = PAGE_TEXTS[lang];
  const described = error ? ' aria-describedby="signin-error" aria-invalid="true"' : '';
  // after an error the e-mail is kept, so the password is where the user types next
  const focusEmail = !error || !email;
  const body = `${error ? `<p id="signin-error" class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${described}${focusEmail ? ' autofocus' : ''}>
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${focusEmail ? '' : ' autofocus'}>
<button type="submit">${t.signIn}</button>
</form>
${languageSwitch(lang, switchHref)}`;
  return layout(lang, t.signInTitle, body);
}

export interface MessagePageOptions {
  lang: Language;
  title: string;
  message: string;
  link?: { href: string; text: string };
}

export function renderMessagePage({ lang, title, message, link }: MessagePageOptions): string {
  const linkHtml = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return layout(lang, title, `<p>${escapeHtml(message)}</p>\n${linkHtml}`);
}

export interface SignOutPageOptions {
  lang: Language;
  /** oidc-provider's hidden form (id "op.logoutForm", carries the xsrf token) */
  form: string;
  /** submit without asking: the request proved it comes from the app (valid id_token_hint) */
  autoSubmit: boolean;
  scriptNonce: string;
}

export function renderSignOutPage({ lang, form, autoSubmit, scriptNonce }: SignOutPageOptions): string {
  const t = PAGE_TEXTS[lang];
  const body = `<p>${t.signOutQuestion}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${t.signOut}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t.staySignedIn}</button>`;
  const script = autoSubmit
    ? `\n<script nonce="${scriptNonce}">addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();});</script>`
    : '';
  return layout(lang, t.signOutTitle, body, script);
}
