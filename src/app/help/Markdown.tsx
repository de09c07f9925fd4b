// Renders a parsed help article (markdown.ts) as React elements: text is always text, so no
// article can inject markup. help:key links open that article in the panel.
import { Fragment, useMemo } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { parseMarkdown, type Block, type Inline } from './markdown';

interface Props {
  source: string;
  onOpenArticle: (id: string) => void;
}

function Inlines({ nodes, onOpenArticle }: { nodes: Inline[]; onOpenArticle: (id: string) => void }) {
  return (
    <>
      {nodes.map((n, i) => {
        switch (n.t) {
          case 'text':
            return <Fragment key={i}>{n.v}</Fragment>;
          case 'code':
            return (
              <Box key={i} component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5 }}>
                {n.v}
              </Box>
            );
          case 'strong':
            return (
              <strong key={i}>
                <Inlines nodes={n.c} onOpenArticle={onOpenArticle} />
              </strong>
            );
          case 'em':
            return (
              <em key={i}>
                <Inlines nodes={n.c} onOpenArticle={onOpenArticle} />
              </em>
            );
          case 'link':
            return n.href.startsWith('help:') ? (
              <Link key={i} component="button" type="button" onClick={() => onOpenArticle(n.href.slice(5))}>
                <Inlines nodes={n.c} onOpenArticle={onOpenArticle} />
              </Link>
            ) : (
              <Link key={i} href={n.href} target="_blank" rel="noopener noreferrer">
                <Inlines nodes={n.c} onOpenArticle={onOpenArticle} />
              </Link>
            );
        }
      })}
    </>
  );
}

/** the article's title is the panel's h2: its own headings start at h3 */
const HEADING_TAGS = { 1: 'h3', 2: 'h4', 3: 'h5' } as const;

function BlockView({ block, onOpenArticle }: { block: Block; onOpenArticle: (id: string) => void }) {
  switch (block.t) {
    case 'h':
      return (
        <Typography
          variant={block.level === 1 ? 'h6' : 'subtitle1'}
          component={HEADING_TAGS[block.level]}
          sx={{ mt: 2, fontWeight: 600 }}
        >
          <Inlines nodes={block.c} onOpenArticle={onOpenArticle} />
        </Typography>
      );
    case 'p':
      return (
        <Typography variant="body2" sx={{ my: 1 }}>
          <Inlines nodes={block.c} onOpenArticle={onOpenArticle} />
        </Typography>
      );
    case 'ul':
    case 'ol':
      return (
        <Box component={block.t} sx={{ pl: 3, my: 1, typography: 'body2' }}>
          {block.items.map((item, i) => (
            <li key={i}>
              <Inlines nodes={item} onOpenArticle={onOpenArticle} />
            </li>
          ))}
        </Box>
      );
  }
}

export function Markdown({ source, onOpenArticle }: Props) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Box data-testid="help-article-text">
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} onOpenArticle={onOpenArticle} />
      ))}
    </Box>
  );
}
