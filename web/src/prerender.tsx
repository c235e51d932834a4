import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { AppTree } from './app/tree.tsx';

/** The markup of a portal page as a visitor nobody has signed in as first sees it, for its static HTML. */
export async function prerenderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <Router ssrPath={path}>
      <AppTree />
    </Router>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
