// /production/overview, the workflow view: the production screens the user can open, grouped
// by the step of the workflow they belong to.
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { useCurrentCompany, useServices } from '../../services';
import { useRouteTitle as useListTitle } from '../../shell/titles';
import { workflowSteps, type WorkflowEntry } from '../../shell/workflow';

function EntryLink({ entry }: { entry: WorkflowEntry }) {
  const title = useListTitle(entry.entity);
  return (
    <ListItem disableGutters>
      <Link component={RouterLink} to={entry.path}>
        {title}
      </Link>
    </ListItem>
  );
}

export function Workflow() {
  const translate = useTranslate();
  const { entities } = useServices();
  const company = useCurrentCompany();
  const steps = useMemo(() => workflowSteps(entities, company), [entities, company]);
  return (
    <Box sx={{ p: 2 }}>
      <Title title="app.workflow.title" />
      {!steps.length ? <Typography>{translate('app.workflow.empty')}</Typography> : null}
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {steps.map((s, i) => (
          <Card key={s.step} component="li" aria-labelledby={`workflow-${s.step}`}>
            <CardContent>
              <Typography variant="overline">{translate('app.workflow.step', { n: i + 1 })}</Typography>
              <Typography variant="h6" component="h2" id={`workflow-${s.step}`}>
                {translate(`app.workflow.steps.${s.step}`)}
              </Typography>
              <List dense>
                {s.entries.map((entry) => (
                  <EntryLink key={entry.name} entry={entry} />
                ))}
              </List>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
