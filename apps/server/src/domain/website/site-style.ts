import { INK, inkFor, readableOn, type TWebsiteTheme } from '@ppp/contracts';

/** The colours the page uses, every text colour paired with the background it sits on. */
export function sitePalette(theme: TWebsiteTheme) {
  return {
    primary: theme.primary,
    onPrimary: inkFor(theme.primary),
    secondary: theme.secondary,
    onSecondary: inkFor(theme.secondary),
    accent: theme.accent,
    onAccent: inkFor(theme.accent),
    page: '#ffffff',
    text: INK.dark,
    muted: '#4b5563',
    link: readableOn(theme.accent, '#ffffff'),
  };
}

/** The whole stylesheet, inline: no request besides the page and its images. */
export function siteCss(theme: TWebsiteTheme): string {
  const c = sitePalette(theme);
  return `:root{--primary:${c.primary};--on-primary:${c.onPrimary};--secondary:${c.secondary};--on-secondary:${c.onSecondary};--accent:${c.accent};--on-accent:${c.onAccent};--page:${c.page};--text:${c.text};--muted:${c.muted};--link:${c.link}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font:17px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--text);background:var(--page)}
a{color:var(--link)}a:focus-visible,button:focus-visible,audio:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:var(--page);color:var(--text);padding:8px 12px}.skip:focus{left:8px;z-index:9}
.wrap{max-width:1080px;margin:0 auto;padding:0 20px}
.top{background:var(--primary);color:var(--on-primary)}
.bar{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:16px 20px;max-width:1080px;margin:0 auto}
.brand{font-weight:800;font-size:1.05rem;color:var(--on-primary);text-decoration:none}
.btn{display:inline-block;background:var(--accent);color:var(--on-accent);padding:11px 20px;border-radius:999px;font-weight:700;text-decoration:none;border:2px solid var(--accent)}
.btn.ghost{background:transparent;color:inherit;border-color:currentColor}
.hero{display:grid;grid-template-columns:1.3fr 1fr;gap:40px;align-items:center;padding:40px 20px 64px;max-width:1080px;margin:0 auto}
.hero h1{font-size:clamp(2.1rem,5vw,3.6rem);line-height:1.1;margin:0 0 16px;letter-spacing:-.02em}
.hero p{font-size:1.2rem;margin:0 0 28px;max-width:36em}
.hero .actions{display:flex;flex-wrap:wrap;gap:12px}
.hero img{width:100%;max-width:420px;height:auto;aspect-ratio:1/1;object-fit:cover;border-radius:20px;box-shadow:0 20px 50px rgba(0,0,0,.35);justify-self:end}
section{padding:56px 0}section h2{font-size:clamp(1.5rem,3vw,2.1rem);margin:0 0 20px;letter-spacing:-.01em}
.band{background:var(--secondary);color:var(--on-secondary)}.band a{color:var(--on-secondary)}
.prose{max-width:44em}.prose p{margin:0 0 1em}
.episodes{list-style:none;margin:0;padding:0;display:grid;gap:16px}
.episode{background:var(--page);color:var(--text);border-radius:16px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.episode h3{margin:0 0 4px;font-size:1.2rem}.episode .meta{color:var(--muted);font-size:.92rem;margin:0 0 8px}
.episode p{margin:0 0 12px}.episode audio{width:100%}
.hosts{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
.host{display:flex;align-items:center;gap:14px}
.avatar{width:56px;height:56px;border-radius:50%;background:var(--accent);color:var(--on-accent);display:grid;place-items:center;font-weight:800;font-size:1.2rem;flex:none}
.host strong{display:block}.host span{color:var(--muted)}.band .host span{color:inherit}
.links{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:12px}
.cta{background:var(--primary);color:var(--on-primary);text-align:center}.cta p{max-width:36em;margin:0 auto 24px}
footer{padding:28px 0;font-size:.92rem;color:var(--muted)}footer a{color:var(--link)}
.draft{background:#fef3c7;color:#111827;text-align:center;padding:8px;font-weight:700}
@media (max-width:760px){.hero{grid-template-columns:1fr;padding-top:16px;gap:28px}.hero img{justify-self:start;max-width:260px;order:-1}section{padding:40px 0}.bar .btn{padding:8px 14px}}`;
}
