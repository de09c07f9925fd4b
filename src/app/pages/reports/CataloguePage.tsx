// /reports (spec 2.5): the catalogue grouped Production, Inventory, Sales, after a card for the
// Excise returns screens; each report with its title, short name, description and favourite
// star; a search (in the query string, `q`) over titles, short names and descriptions. Only the
// reports the user's permissions and the company's features allow are listed.
import { useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Card, CardActions, CardContent, Link, Stack, Typography } from '@mui/material';
import { REPORT_GROUPS, type ReportMeta } from '../../../shared/reports/types';
import { useCurrentCompany } from '../../services';
import { SearchBox } from '../../widgets/SearchBox';
import { useText } from './i18n';
import './register';
import { EXCISE_PATH, REPORTS_PATH, allowedReports, matchesSearch, matchesText, queryWith, viewerPath } from './model';
import { StarButton } from './StarButton';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' };

function ReportCard({ meta }: { meta: ReportMeta }) {
  const text = useText();
  const title = text(meta.title);
  return (
    <Card variant="outlined" component="li" sx={{ display: 'flex', flexDirection: 'column' }} data-report={meta.name}>
      <CardContent sx={{ flex: 1, pb: 0 }}>
        <Typography variant="subtitle1" component="h3">
          <Link component={RouterLink} to={viewerPath(meta.name)}>
            {title}
          </Link>
        </Typography>
        {meta.shortName ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {text(meta.shortName)}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {text(meta.description)}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        <StarButton name={meta.name} title={title} />
      </CardActions>
    </Card>
  );
}

export function CataloguePage() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search).get('q') ?? '';
  const reports = useMemo(() => allowedReports(company).filter((m) => matchesSearch(m, search)), [company, search]);
  const exciseShown = matchesText([translate('reports.excise.title'), translate('reports.excise.description')], search);
  // the debounced search may land after a report was opened: it never brings the user back here
  const setSearch = (q: string) => {
    if (window.location.pathname !== REPORTS_PATH) return;
    navigate({ search: queryWith(window.location.search, 'q', q) }, { replace: true });
  };
  return (
    <Box sx={{ p: 2 }} data-testid="reports-catalogue">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('reports.title')}
        </Typography>
        <SearchBox value={search} onChange={setSearch} label={translate('reports.search')} slashFocus />
      </Stack>
      {exciseShown ? (
        <Box component="section" sx={{ mb: 3 }} aria-labelledby="reports-group-excise">
          <Typography variant="h6" component="h2" id="reports-group-excise" gutterBottom>
            {translate('reports.groups.excise')}
          </Typography>
          <Box component="ul" sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }}>
            <Card variant="outlined" component="li">
              <CardContent>
                <Typography variant="subtitle1" component="h3">
                  <Link component={RouterLink} to={EXCISE_PATH}>
                    {translate('reports.excise.title')}
                  </Link>
                </Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {translate('reports.excise.description')}
                </Typography>
              </CardContent>
            </Card>
          </Box>
        </Box>
      ) : null}
      {REPORT_GROUPS.map((group) => {
        const list = reports.filter((r) => r.group === group);
        if (!list.length) return null;
        return (
          <Box component="section" key={group} sx={{ mb: 3 }} aria-labelledby={`reports-group-${group}`}>
            <Typography variant="h6" component="h2" id={`reports-group-${group}`} gutterBottom>
              {translate(`reports.groups.${group}`)}
            </Typography>
            <Box component="ul" sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }}>
              {list.map((meta) => (
                <ReportCard key={meta.name} meta={meta} />
              ))}
            </Box>
          </Box>
        );
      })}
      {!reports.length && !exciseShown ? (
        <Typography color="text.secondary">{translate('reports.none')}</Typography>
      ) : null}
    </Box>
  );
}
