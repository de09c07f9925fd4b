// A report's favourite star (spec 2.5): off by default, stored per user (./favourites).
import { IconButton, Tooltip } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useNotify, useTranslate } from 'react-admin';
import { describeApiError } from '../../data/errors';
import { useFavourites } from './favourites';

export function StarButton({ name, title }: { name: string; title: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { isStarred, toggle } = useFavourites();
  const on = isStarred(name);
  const label = translate(on ? 'reports.unstar' : 'reports.star', { title });
  const click = () =>
    toggle(name).then(
      () => notify(translate(on ? 'reports.unstarred' : 'reports.starred'), { type: 'info' }),
      (e: unknown) => {
        const { message } = describeApiError(e);
        notify(translate(message, { _: message }), { type: 'error' });
      },
    );
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} aria-pressed={on} onClick={click} data-testid={`star-${name}`} data-no-print>
        {on ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}
