// /signup: the form (name, e-mail, password, company name, province), then "check your e-mail"
// whatever the address (the server answers alike for a known one). /signup/confirm/:token: the
// mailed link creates the account and the company, then offers to sign in.
import './register';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useServices } from '../../services';
import { enumChoices } from '../../generic/labels';
import { confirmSignup, requestSignup, SignupError, type SignupForm } from './api';
import { serverText } from './messages';

/** The server's password rule (PASSWORD_MIN_LENGTH of the account endpoints). */
const PASSWORD_MIN = 8;
type Field = 'name' | 'email' | 'password' | 'companyName' | 'province';
const MAX: Record<Field, number> = { name: 100, email: 200, password: 200, companyName: 100, province: 2 };

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ maxWidth: 520, width: '100%' }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** A server message in the page's language when the page knows it. */
function useServerText() {
  const translate = useTranslate();
  return (message: string) => {
    const known = serverText(message);
    return known ? translate(known.key, known.args) : message;
  };
}

export function SignupPage() {
  const { token } = useParams();
  return token ? <ConfirmView token={token} /> : <FormView />;
}

function FormView() {
  const translate = useTranslate();
  const text = useServerText();
  const [locale] = useLocaleState();
  const { entityByName, session } = useServices();
  const company = entityByName.company;
  const provinceField = company.fields.find((f) => f.name === 'province');
  const provinces = provinceField ? enumChoices(company, provinceField) : [];
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    password: '',
    companyName: '',
    province: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the browser's checks run first (required, type=email, lengths); the server decides
    setSending(true);
    setFailure(null);
    setErrors({});
    try {
      const form: SignupForm = { ...values, locale: locale === 'fr' ? 'fr' : 'en' };
      await requestSignup(form);
      setSentTo(values.email.trim());
    } catch (error) {
      if (error instanceof SignupError && Object.keys(error.fields).length) setErrors(error.fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  if (sentTo)
    return (
      <Frame title={translate('app.pages.signup.sent_title')}>
        <Alert severity="success" role="status">
          {translate('app.pages.signup.sent', { email: sentTo })}
        </Alert>
      </Frame>
    );

  const input = (field: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`signup-${field}`}
      name={field}
      label={translate(label)}
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      required
      fullWidth
      size="small"
      error={!!errors[field]}
      helperText={errors[field] ? text(errors[field]!) : ((extra.help as string | undefined) ?? ' ')}
      slotProps={{ htmlInput: { maxLength: MAX[field], ...(extra.htmlInput as object | undefined) } }}
      type={(extra.type as string | undefined) ?? 'text'}
      autoComplete={extra.autoComplete as string | undefined}
    />
  );

  return (
    <Frame title={translate('app.pages.signup.title')}>
      <Typography variant="body2">{translate('app.pages.signup.intro')}</Typography>
      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
        noValidate={false}
      >
        {input('name', 'app.pages.signup.name', { autoComplete: 'name' })}
        {input('email', 'app.pages.signup.email', { type: 'email', autoComplete: 'email' })}
        {input('password', 'app.pages.signup.password', {
          type: 'password',
          autoComplete: 'new-password',
          htmlInput: { minLength: PASSWORD_MIN },
          help: translate('app.pages.signup.password_help', { min: PASSWORD_MIN }),
        })}
        {input('companyName', 'app.pages.signup.company_name', { autoComplete: 'organization' })}
        <TextField
          select
          id="signup-province"
          name="province"
          label={translate('app.pages.signup.province')}
          value={values.province}
          onChange={(e) => setValues((v) => ({ ...v, province: e.target.value }))}
          required
          fullWidth
          size="small"
          error={!!errors.province}
          helperText={errors.province ? text(errors.province) : ' '}
        >
          {provinces.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {translate(p.name, { _: p.id })}
            </MenuItem>
          ))}
        </TextField>
        {failure ? (
          <Alert severity="error" role="alert">
            {text(failure)}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={sending}>
            {translate(sending ? 'app.pages.signup.sending' : 'app.pages.signup.submit')}
          </Button>
          <Button onClick={() => void session.signIn('/')}>{translate('app.pages.signup.have_account')}</Button>
        </Box>
      </Box>
    </Frame>
  );
}

type ConfirmState = { kind: 'confirming' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

function ConfirmView({ token }: { token: string }) {
  const translate = useTranslate();
  const text = useServerText();
  const { session } = useServices();
  const [state, setState] = useState<ConfirmState>({ kind: 'confirming' });

  useEffect(() => {
    let live = true;
    confirmSignup(token).then(
      (email) => live && setState({ kind: 'done', email }),
      (error: unknown) =>
        live && setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'confirming')
    return (
      <Frame title={translate('app.pages.signup.confirm_title')}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status" aria-live="polite">
          <CircularProgress size={24} aria-hidden />
          <Typography>{translate('app.pages.signup.confirming')}</Typography>
        </Box>
      </Frame>
    );
  if (state.kind === 'failed')
    return (
      <Frame title={translate('app.pages.signup.failed_title')}>
        <Alert severity="error" role="alert">
          {text(state.message)}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" href="/signup">
            {translate('app.pages.signup.sign_up_again')}
          </Button>
          <Button onClick={() => void session.signIn('/')}>{translate('app.pages.signup.sign_in')}</Button>
        </Box>
      </Frame>
    );
  return (
    <Frame title={translate('app.pages.signup.confirm_title')}>
      <Alert severity="success" role="status">
        {translate('app.pages.signup.confirmed', { email: state.email })}
      </Alert>
      <Box>
        <Button variant="contained" onClick={() => void session.signIn('/')}>
          {translate('app.pages.signup.sign_in')}
        </Button>
      </Box>
    </Frame>
  );
}
