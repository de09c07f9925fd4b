// A screen's help icon (spec 2.2: most routes link to a help article): opens the help panel on
// the screen's article. Light on purpose: the panel's code loads when it opens.
import { useTranslate } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import HelpIcon from '@mui/icons-material/HelpOutline';
import { openHelp } from './store';

export function HelpLink({ article }: { article: string }) {
  const translate = useTranslate();
  const label = translate('app.help.screen_help');
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} data-testid="screen-help" onClick={() => openHelp(article)}>
        <HelpIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
