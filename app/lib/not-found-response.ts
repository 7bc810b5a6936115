/**
 * The splat route is a resource route (it must hand API responses through untouched), so it
 * cannot render the React error page; unknown page paths get this small page instead.
 */
export function notFoundResponse(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found · svc</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f6f7f9;color:#111827}
main{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px 40px;max-width:420px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
p.eyebrow{margin:0 0 8px;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#6b7280}h1{margin:0 0 8px;font-size:24px}
p{color:#4b5563;line-height:1.5}a{display:inline-block;margin-top:8px;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600}</style></head>
<body><main><p class="eyebrow">Error 404</p><h1>Page not found</h1><p>The page you were looking for does not exist.</p><a href="/">Back to start</a></main></body></html>`;
  return new Response(html, { status: 404, headers: { "content-type": "text/html; charset=utf-8" } });
}
