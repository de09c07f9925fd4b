// The help panel's content (spec 2.5), loaded on first open: search, the topics grid, a topic's
// articles sortable by Most viewed or Most recent, the article with its See also links (and its
// video when one is configured), and Contact us. Back returns to the previous view.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CircularProgress,
  Divider,
  IconButton,
  InputAdornment,
  Link,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import HomeIcon from '@mui/icons-material/Home';
import SearchIcon from '@mui/icons-material/Search';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import InboxIcon from '@mui/icons-material/Inbox';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import { useCurrentCompany, useServices } from '../services';
import {
  fetchArticle,
  fetchTickets,
  fetchTopic,
  fetchTopics,
  fetchVideo,
  searchHelp,
  sendTicket,
  videoUrl,
  type HelpArticle,
  type HelpTopic,
} from './api';
import { Markdown } from './Markdown';
import { topicIcon } from './icons';
import {
  CONTACT_SUBJECT_MAX,
  CONTACT_TEXT_MAX,
  contactProblems,
  sortArticles,
  type ArticleSort,
  type ContactForm,
  type ContactProblem,
} from './rules';
import { ERROR_KEYS } from '../data/errors';
import { SEARCH_DEBOUNCE_MS } from '../widgets/SearchBox';
import { showDay, showInstant } from '../widgets/dateDisplay';
import { hasPermission } from '../../shared/permissions';
import { MAX_SEARCH_LENGTH } from '../../shared/limits';

type View =
  | { kind: 'home' }
  | { kind: 'topic'; id: string }
  | { kind: 'article'; id: string }
  | { kind: 'contact' }
  | { kind: 'tickets' };

/** a call's answer, with loading and failure, reloaded when its key changes */
function useLoad<T>(key: string, load: () => Promise<T>): { data?: T; error: boolean; loading: boolean } {
  const [state, setState] = useState<{ key: string; data?: T; error: boolean }>({ key: '', error: false });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ key, data, error: false }),
      () => live && setState({ key, error: true }),
    );
    return () => {
      live = false;
    };
    // the key names everything the call depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? { ...state, loading: false } : { error: false, loading: true };
}

/** whether opening this topic or article counts as a reading: once per opening of the panel,
 * so going Back to an article already read does not count it again */
const FirstReading = createContext<(key: string) => boolean>(() => true);

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress size={24} />
    </Box>
  );
}

function Failed() {
  const translate = useTranslate();
  return <Alert severity="error">{translate('app.help.load_failed')}</Alert>;
}

function ArticleList({
  articles,
  onOpen,
  showReads,
}: {
  articles: HelpArticle[];
  onOpen: (id: string) => void;
  showReads?: boolean;
}) {
  const translate = useTranslate();
  return (
    <List dense disablePadding data-testid="help-article-list">
      {articles.map((a) => (
        <ListItemButton key={a.id} onClick={() => onOpen(a.id)} data-article={a.id}>
          <ListItemText
            primary={a.name}
            secondary={
              showReads
                ? `${translate('app.help.reads', { smart_count: a.readCount })} · ${translate('app.help.updated', { date: showDay(a.updated) })}`
                : a.topicName
            }
          />
        </ListItemButton>
      ))}
    </List>
  );
}

function Home({ locale, onTopic }: { locale: string; onTopic: (id: string) => void }) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const topics = useLoad(`topics:${locale}`, () => fetchTopics(authFetch, locale));
  if (topics.loading) return <Loading />;
  if (!topics.data) return <Failed />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }} data-testid="help-topics">
      {topics.data.map((t: HelpTopic) => {
        const Icon = topicIcon(t.icon);
        return (
          <Card key={t.id} variant="outlined">
            <CardActionArea onClick={() => onTopic(t.id)} sx={{ p: 1.5, height: '100%' }} data-topic={t.id}>
              <Box sx={{ color: 'primary.main' }}>
                <Icon />
              </Box>
              <Typography variant="subtitle2" component="h3">
                {t.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {t.description}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('app.help.articles', { smart_count: t.articleCount })}
              </Typography>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

function TopicView({ id, locale, onOpen }: { id: string; locale: string; onOpen: (id: string) => void }) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const firstReading = useContext(FirstReading);
  const [sort, setSort] = useState<ArticleSort>('mostViewed');
  // opening the topic counts as one reading of it
  const topic = useLoad(`topic:${id}:${locale}`, () => fetchTopic(authFetch, id, locale, firstReading(`topic:${id}`)));
  const sorted = useMemo(() => sortArticles(topic.data?.articles ?? [], sort, locale), [topic.data, sort, locale]);
  if (topic.loading) return <Loading />;
  if (topic.error) return <Failed />;
  if (!topic.data) return <Alert severity="info">{translate('app.help.not_found')}</Alert>;
  return (
    <>
      <Typography variant="h6" component="h2">
        {topic.data.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {topic.data.description}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={sort}
        onChange={(_e, v: ArticleSort | null) => v && setSort(v)}
        aria-label={translate('app.help.sort')}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="mostViewed">{translate('app.help.most_viewed')}</ToggleButton>
        <ToggleButton value="mostRecent">{translate('app.help.most_recent')}</ToggleButton>
      </ToggleButtonGroup>
      <ArticleList articles={sorted} onOpen={onOpen} showReads />
    </>
  );
}

function ArticleView({ id, locale, onOpen }: { id: string; locale: string; onOpen: (id: string) => void }) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const firstReading = useContext(FirstReading);
  const article = useLoad(`article:${id}:${locale}`, () =>
    fetchArticle(authFetch, id, locale, firstReading(`article:${id}`)),
  );
  // a video configured for this article is offered above the text; none: the article alone
  const video = useLoad(`video:${id}`, () => fetchVideo(authFetch, id).catch(() => null));
  if (article.loading) return <Loading />;
  if (article.error) return <Failed />;
  if (!article.data) return <Alert severity="info">{translate('app.help.not_found')}</Alert>;
  const a = article.data;
  return (
    <Box component="article" data-testid="help-article" data-article={a.id}>
      <Typography variant="overline" color="text.secondary">
        {a.topicName}
      </Typography>
      <Typography variant="h6" component="h2">
        {a.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('app.help.updated', { date: showDay(a.updated) })}
      </Typography>
      {video.data ? (
        <Box sx={{ my: 1 }}>
          <Button startIcon={<PlayCircleIcon />} href={videoUrl(video.data)} target="_blank" rel="noopener noreferrer">
            {translate('app.help.video')}
          </Button>
        </Box>
      ) : null}
      <Markdown source={a.text} onOpenArticle={onOpen} />
      {a.seeAlso.length ? (
        <Box data-testid="help-see-also" sx={{ mt: 2 }}>
          <Divider sx={{ mb: 1 }} />
          <Typography variant="subtitle2" component="h3">
            {translate('app.help.see_also')}
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 0.5 }}>
            {a.seeAlso.map((s) => (
              <li key={s.id}>
                <Link component="button" type="button" variant="body2" onClick={() => onOpen(s.id)}>
                  {s.name}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

function Contact() {
  const translate = useTranslate();
  const fieldMessage = (problem: ContactProblem | undefined) => problem && translate(problem.message, problem.args);
  const { authFetch } = useServices();
  const [form, setForm] = useState<ContactForm>({ subject: '', text: '' });
  const [tried, setTried] = useState(false);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const problems = contactProblems(form);
  const invalid = Object.keys(problems).length > 0;
  const send = async () => {
    setTried(true);
    if (invalid) return;
    setStatus('sending');
    try {
      await sendTicket(authFetch, form);
      setStatus('sent');
      setForm({ subject: '', text: '' });
      setTried(false);
    } catch {
      setStatus('failed');
    }
  };
  return (
    <Box
      component="form"
      noValidate
      data-testid="help-contact"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Typography variant="h6" component="h2">
        {translate('app.help.contact.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.help.contact.intro')}
      </Typography>
      {status === 'sent' ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('app.help.contact.sent')}
        </Alert>
      ) : null}
      {tried && invalid ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(ERROR_KEYS.invalidForm)}
        </Alert>
      ) : null}
      {status === 'failed' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.help.load_failed')}
        </Alert>
      ) : null}
      <TextField
        label={translate('app.help.contact.subject')}
        name="subject"
        value={form.subject}
        onChange={(e) => setForm({ ...form, subject: e.target.value })}
        required
        fullWidth
        size="small"
        sx={{ mb: 2 }}
        error={tried && !!problems.subject}
        helperText={(tried && fieldMessage(problems.subject)) || `${[...form.subject].length} / ${CONTACT_SUBJECT_MAX}`}
      />
      <TextField
        label={translate('app.help.contact.text')}
        name="text"
        value={form.text}
        onChange={(e) => setForm({ ...form, text: e.target.value })}
        required
        fullWidth
        multiline
        minRows={6}
        size="small"
        sx={{ mb: 2 }}
        error={tried && !!problems.text}
        helperText={(tried && fieldMessage(problems.text)) || `${[...form.text].length} / ${CONTACT_TEXT_MAX}`}
      />
      <Button type="submit" variant="contained" disabled={status === 'sending'}>
        {translate('app.help.contact.send')}
      </Button>
    </Box>
  );
}

/** the messages the company's people sent, for its administrators */
function Tickets() {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const tickets = useLoad('tickets', () => fetchTickets(authFetch));
  if (tickets.loading) return <Loading />;
  if (!tickets.data) return <Failed />;
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate('app.help.tickets.title')}
      </Typography>
      {tickets.data.length === 0 ? <Alert severity="info">{translate('app.help.tickets.none')}</Alert> : null}
      <List dense disablePadding data-testid="help-tickets">
        {tickets.data.map((t) => (
          <Box component="li" key={t.id} sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle2">{t.subject}</Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {`${t.userName} <${t.userEmail}> · ${showInstant(t.createdAt)}`}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {t.text}
            </Typography>
          </Box>
        ))}
      </List>
    </>
  );
}

function SearchResults({ text, locale, onOpen }: { text: string; locale: string; onOpen: (id: string) => void }) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const results = useLoad(`search:${locale}:${text}`, () => searchHelp(authFetch, text, locale));
  if (results.loading) return <Loading />;
  if (!results.data) return <Failed />;
  if (!results.data.length) return <Alert severity="info">{translate('app.help.no_results')}</Alert>;
  return <ArticleList articles={results.data} onOpen={onOpen} />;
}

function Header({ children, onClose }: { children?: ReactNode; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {children}
      <Typography variant="h6" component="h2" sx={{ flex: 1, ml: 1 }} id="help-panel-title">
        {translate('app.help.title')}
      </Typography>
      <Tooltip title={translate('app.help.close')}>
        <IconButton onClick={onClose} aria-label={translate('app.help.close')}>
          <CloseIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

export function HelpPanel({ articleId, onClose }: { articleId: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const admin = hasPermission(useCurrentCompany()?.permissions ?? [], 'config.write');
  const [history, setHistory] = useState<View[]>([articleId ? { kind: 'article', id: articleId } : { kind: 'home' }]);
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const view = history[history.length - 1];
  const read = useRef(new Set<string>());
  const firstReading = (key: string) => {
    if (read.current.has(key)) return false;
    read.current.add(key);
    return true;
  };
  const go = (next: View) => {
    setQuery('');
    setSearched('');
    setHistory((h) => [...h, next]);
  };
  const back = () => setHistory((h) => (h.length > 1 ? h.slice(0, -1) : h));
  // spec 9: the search runs 500 ms after the last key; blank text finds nothing, so it is not sent
  useEffect(() => {
    const timer = setTimeout(() => setSearched(query.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const openArticle = (id: string) => go({ kind: 'article', id });
  return (
    <FirstReading.Provider value={firstReading}>
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="help-panel">
        <Header onClose={onClose}>
          <Tooltip title={translate('app.help.back')}>
            <span>
              <IconButton onClick={back} disabled={history.length < 2} aria-label={translate('app.help.back')}>
                <ArrowBackIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={translate('app.help.home')}>
            <IconButton onClick={() => go({ kind: 'home' })} aria-label={translate('app.help.home')}>
              <HomeIcon />
            </IconButton>
          </Tooltip>
        </Header>
        <Box sx={{ p: 2, pb: 1 }}>
          <TextField
            fullWidth
            size="small"
            type="search"
            placeholder={translate('app.help.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value.slice(0, MAX_SEARCH_LENGTH))}
            slotProps={{
              htmlInput: { 'aria-label': translate('app.help.search'), 'data-testid': 'help-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 2, pb: 2 }}>
          {searched ? (
            <SearchResults text={searched} locale={locale} onOpen={openArticle} />
          ) : view.kind === 'home' ? (
            <Home locale={locale} onTopic={(id) => go({ kind: 'topic', id })} />
          ) : view.kind === 'topic' ? (
            <TopicView id={view.id} locale={locale} onOpen={openArticle} />
          ) : view.kind === 'article' ? (
            <ArticleView id={view.id} locale={locale} onOpen={openArticle} />
          ) : view.kind === 'tickets' ? (
            <Tickets />
          ) : (
            <Contact />
          )}
        </Box>
        <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1 }}>
          {view.kind !== 'contact' ? (
            <Button sx={{ flex: 1 }} startIcon={<MailOutlineIcon />} onClick={() => go({ kind: 'contact' })}>
              {translate('app.help.contact.open')}
            </Button>
          ) : null}
          {admin && view.kind !== 'tickets' ? (
            <Button sx={{ flex: 1 }} startIcon={<InboxIcon />} onClick={() => go({ kind: 'tickets' })}>
              {translate('app.help.tickets.open')}
            </Button>
          ) : null}
        </Box>
      </Box>
    </FirstReading.Provider>
  );
}
