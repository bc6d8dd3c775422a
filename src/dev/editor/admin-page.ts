import { TOKEN_HEADER } from './editor-guard.ts';
import { MESSAGES, type UiLanguage } from './messages/index.ts';

/** The /admin page: a shell for the editor's script, holding this session's token (only same-origin code can read it). */
export function adminPage(token: string, language: UiLanguage): string {
  const m = MESSAGES[language];
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="site-editor-token" content="${token}" data-header="${TOKEN_HEADER}">
<title>${m.title} · site dev</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/__site/editor/app.css">
<script type="module" src="/__site/editor/app.js"></script>
</head>
<body>
<div id="editor"><p class="loading">${m.loading}</p></div>
</body>
</html>
`;
}
