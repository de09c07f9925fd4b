// The Not Found panel (issue 10 point 17): an edit URL whose record does not exist (a bad or
// deleted id, or one that is not an id at all) and any unknown address show it in place, with
// the URL kept as typed and a way back (the list the record would belong to, else the
// dashboard). react-admin's own NotFound appends a '.' to a message that already ends with
// one ('..'); this panel shows the message as written.
import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

export function NotFoundPanel({ backTo }: { backTo?: string }) {
  const translate = useTranslate();
  return (
    <Box
      data-testid="not-found"
      role="alert"
      sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}
    >
      <Title title={translate('ra.page.not_found')} />
      <Typography variant="h5" component="h1">
        {translate('ra.page.not_found')}
      </Typography>
      <Typography>{translate('ra.message.not_found')}</Typography>
      <Button component={Link} to={backTo ?? '/'} variant="contained" data-testid="not-found-back">
        {translate(backTo ? 'app.not_found.back_to_list' : 'app.not_found.home')}
      </Button>
    </Box>
  );
}

/** An id of the one sequence is a positive integer; anything else cannot name a record. */
export const isRecordId = (id: string | undefined): id is string => !!id && /^[1-9]\d{0,18}$/.test(id);

export default NotFoundPanel;
