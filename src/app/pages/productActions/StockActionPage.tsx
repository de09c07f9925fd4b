// One screen for every product and item action of spec 2.3 (actions.ts says which fields each
// shows). New: prefilled with the product or item from the path, the date today; what it holds
// by site, lot and status shows above the form. At /:transactionId: the posted action
// (inventoryAction) fills the form from its input JSON and Save posts it again with refId (the
// server reverses and re-posts); Delete reverses it (inventoryTransactionDelete). Field errors
// of a VALIDATION_ERROR show under their inputs; refusals (CONFLICT) on the error banner.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  AutocompleteInput,
  Form,
  Loading,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  Toolbar,
  useNotify,
  Button as RaButton,
} from 'react-admin';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { hasPermission } from '../../../shared/permissions';
import { holdsValues } from '../../access';
import { useCurrentCompany, useServices } from '../../services';
import { LeaveGuard } from '../../generic/FormDialogs';
import { maxLengthValidator, requiredValidator } from '../../generic/validators';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';
import { DatePickerInput } from '../../widgets/DateInputs';
import { formatDate } from '../../widgets/dateRules';
import { submissionErrors, useGraphQL } from '../settings/api';
import { stockTransactionsPath } from '../stockTransactions/paths';
import { actionOfPath, REDUCE_REASONS, type StockActionDef } from './actions';
import { OnHandSummary } from './OnHand';
import { fill, useStockText } from './text';

interface PostedStockAction {
  id: string;
  kind: string;
  stockKind: string;
  stockId: string;
  date: string;
  input: string;
  active: boolean;
}

const ACTION_QUERY = `query InventoryAction($id: ID!) { inventoryAction(id: $id) { id kind stockKind stockId date input active } }`;
const DELETE_MUTATION = `mutation InventoryTransactionDelete($refId: ID!) { inventoryTransactionDelete(refId: $refId) { refId } }`;
const mutationOf = (a: StockActionDef) =>
  `mutation StockAction${a.kind}($input: ${a.inputType}!) { ${a.mutation}(input: $input) { refId transactions { id } } }`;

type Values = Record<string, unknown>;

export function StockActionPage() {
  const location = useLocation();
  const text = useStockText();
  const action = useMemo(() => actionOfPath(location.pathname), [location.pathname]);
  if (!action)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{text.notFound}</Alert>
      </Box>
    );
  return <ActionLoader key={location.pathname} action={action} />;
}

function ActionLoader({ action }: { action: StockActionDef }) {
  const params = useParams();
  const call = useGraphQL();
  const text = useStockText();
  const stockId = (action.stockKind === 'Product' ? params.productId : params.itemId) ?? null;
  const transactionId = params.transactionId ?? null;
  const [posted, setPosted] = useState<PostedStockAction | null | 'missing' | undefined>(
    transactionId ? undefined : null,
  );
  useEffect(() => {
    if (!transactionId) return;
    let live = true;
    call<{ inventoryAction: PostedStockAction | null }>(ACTION_QUERY, { id: transactionId }).then(
      (d) => live && setPosted(d.inventoryAction ?? 'missing'),
      () => live && setPosted('missing'),
    );
    return () => {
      live = false;
    };
  }, [call, transactionId]);
  if (posted === undefined) return <Loading />;
  if (posted === 'missing' || (posted && posted.kind !== action.kind))
    return (
      <Box sx={{ p: 2 }}>
        <Title title={text.action[action.key]} />
        <Alert severity="warning">{text.notFound}</Alert>
      </Box>
    );
  return <ActionScreen action={action} posted={posted} stockId={posted?.stockId ?? stockId} />;
}

const idField = (a: StockActionDef) => (a.stockKind === 'Product' ? 'productId' : 'itemId');

/** The form's first values: the posted input, else the product or item, today, nothing moved. */
export function initialValues(action: StockActionDef, posted: PostedStockAction | null, stockId: string | null) {
  if (posted) {
    const input = JSON.parse(posted.input) as Values;
    return { comments: '', ...input, lines: input.lines ?? [] };
  }
  return {
    [idField(action)]: stockId,
    date: formatDate(new Date()),
    siteId: null,
    lot: '',
    status: 'InBond',
    quantity: null,
    comments: '',
    ...(action.fields.includes('lines') ? { lines: [{ productId: null, quantity: null }] } : {}),
    ...(action.fields.includes('tank') ? { alcoholType: 'Spirit' } : {}),
  };
}

const blank = (v: unknown) => (v === '' || v === undefined ? null : v);

/** The mutation's input: the fields of this action only. */
export function toInput(action: StockActionDef, v: Values, refId?: string): Values {
  const has = (f: string) => action.fields.includes(f as never);
  const input: Values = {
    ...(refId ? { refId } : {}),
    [idField(action)]: v[idField(action)],
    date: v.date,
    siteId: blank(v.siteId),
    lot: blank(v.lot),
    quantity: v.quantity,
    comments: blank(v.comments),
  };
  if (has('status')) input.status = v.status ?? 'InBond';
  if (has('toSiteId')) input.toSiteId = blank(v.toSiteId);
  if (has('toLot')) input.toLot = blank(v.toLot);
  if (has('reason')) input.reason = v.reason;
  if (has('value')) input.value = blank(v.value);
  if (has('tank')) {
    input.tankId = blank(v.tankId);
    input.alcoholType = blank(v.alcoholType);
    input.alcoholId = blank(v.alcoholId);
    input.tankLot = blank(v.tankLot);
  }
  if (has('lines'))
    input.lines = ((v.lines as Values[] | undefined) ?? []).map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
    }));
  if (has('toProduct')) {
    input.toProductId = blank(v.toProductId);
    input.toQuantity = v.toQuantity;
  }
  return input;
}

function ActionScreen({
  action,
  posted,
  stockId,
}: {
  action: StockActionDef;
  posted: PostedStockAction | null;
  stockId: string | null;
}) {
  const text = useStockText();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useGraphQL();
  const title = text.action[action.key];
  const record = useMemo(() => initialValues(action, posted, stockId), [action, posted, stockId]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const readOnly = !!posted && !posted.active;
  const kind = action.stockKind === 'Product' ? 'product' : 'item';

  const save = async (values: Values) => {
    setOtherErrors([]);
    try {
      // a disabled input's value is left out of what the form submits: the fixed product or item
      values = { ...values, [idField(action)]: values[idField(action)] ?? stockId };
      await call(mutationOf(action), { input: toInput(action, values, posted?.id) });
      notify(fill(text.saved, { action: title }), { type: 'success' });
      navigate(stockTransactionsPath(kind, String(values[idField(action)])));
      return undefined;
    } catch (error) {
      const fields = submissionErrors(error, (m) => notify(m, { type: 'error' })) ?? {};
      const known = new Set(Object.keys(toInput(action, values)).concat('lines'));
      const shown: Record<string, string> = {};
      const other: string[] = [];
      for (const [name, message] of Object.entries(fields)) {
        if (known.has(name.split('.')[0])) shown[name] = message;
        else other.push(`${name}: ${message}`);
      }
      // 'lines: …' (the whole list) has no input of its own: show it above the form too
      if (fields.lines) other.push(fields.lines);
      setOtherErrors(other);
      return Object.keys(shown).length ? shown : undefined;
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Title title={title} />
      <Card>
        <Form record={record} onSubmit={save}>
          <LeaveGuard />
          <CardContent>
            <Typography variant="h6" component="h1" gutterBottom>
              {title}
            </Typography>
            {text.help[action.key as keyof typeof text.help] ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {text.help[action.key as keyof typeof text.help]}
              </Typography>
            ) : null}
            {readOnly ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {text.inactive}
              </Alert>
            ) : null}
            {otherErrors.length ? (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="stock-action-errors">
                {text.otherErrors} {otherErrors.join('; ')}
              </Alert>
            ) : null}
            <ActionFields action={action} fixed={!!stockId} disabled={readOnly} />
          </CardContent>
          {readOnly ? null : (
            <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <SaveButton />
              {posted ? <DeleteButton posted={posted} title={title} kind={kind} /> : null}
            </Toolbar>
          )}
        </Form>
      </Card>
    </Box>
  );
}

function ActionFields({ action, fixed, disabled }: { action: StockActionDef; fixed: boolean; disabled: boolean }) {
  const text = useStockText();
  const company = useCurrentCompany();
  const { entityByName } = useServices();
  const has = (f: string) => action.fields.includes(f as never);
  const stockField = idField(action);
  const stockId = useWatch({ name: stockField }) as string | null | undefined;
  const stockEntity = entityByName[action.stockKind === 'Product' ? 'product' : 'item'];
  const products = entityByName.product?.plural ?? 'products';
  const sites = entityByName.site?.plural ?? 'sites';
  const statusChoices = ['InBond', 'DutyPaid'].map((s) => ({ id: s, name: text.status[s as 'InBond' | 'DutyPaid'] }));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <ReferenceInput source={stockField} reference={stockEntity?.plural ?? `${stockField.slice(0, -2)}s`}>
        <AutocompleteInput
          label={action.stockKind === 'Product' ? text.field.product : text.field.item}
          optionText="name"
          validate={requiredValidator}
          disabled={disabled || fixed}
          filterToQuery={(q: string) => ({ q })}
        />
      </ReferenceInput>
      {stockId ? <OnHandSummary kind={action.stockKind} id={String(stockId)} /> : null}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DatePickerInput source="date" label={text.field.date} validate={requiredValidator} disabled={disabled} />
        <ReferenceInput source="siteId" reference={sites} sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            label={text.field.site}
            optionText="name"
            disabled={disabled}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
        <TextInput source="lot" label={text.field.lot} validate={maxLengthValidator(60)} disabled={disabled} />
        {has('status') ? (
          <SelectInput
            source="status"
            label={text.field.status}
            choices={statusChoices}
            translateChoice={false}
            disabled={disabled}
          />
        ) : null}
        <NumberInput
          source="quantity"
          label={has('signed') ? text.field.signedQuantity : text.field.quantity}
          validate={requiredValidator}
          disabled={disabled}
        />
        {has('toSiteId') ? (
          <ReferenceInput source="toSiteId" reference={sites} sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput
              label={text.field.toSite}
              optionText="name"
              validate={requiredValidator}
              disabled={disabled}
              filterToQuery={(q: string) => ({ q })}
            />
          </ReferenceInput>
        ) : null}
        {has('toLot') ? (
          <TextInput
            source="toLot"
            label={text.field.toLot}
            validate={[requiredValidator, maxLengthValidator(60)]}
            disabled={disabled}
          />
        ) : null}
        {has('reason') ? (
          <SelectInput
            source="reason"
            label={text.field.reason}
            choices={REDUCE_REASONS.map((r) => ({ id: r, name: text.reason[r] }))}
            translateChoice={false}
            validate={requiredValidator}
            disabled={disabled}
          />
        ) : null}
        {has('value') && holdsValues(company) ? (
          <NumberInput source="value" label={text.field.value} disabled={disabled} />
        ) : null}
        {has('toProduct') ? (
          <>
            <ReferenceInput source="toProductId" reference={products}>
              <AutocompleteInput
                label={text.field.toProduct}
                optionText="name"
                validate={requiredValidator}
                disabled={disabled}
                filterToQuery={(q: string) => ({ q })}
              />
            </ReferenceInput>
            <NumberInput
              source="toQuantity"
              label={text.field.toQuantity}
              validate={requiredValidator}
              disabled={disabled}
            />
          </>
        ) : null}
      </Box>
      {has('tank') ? <TankFields disabled={disabled} /> : null}
      {has('lines') ? (
        <ArrayInput source="lines" label={text.field.lines} resource={products}>
          <SimpleFormIterator inline disableReordering>
            <ReferenceInput source="productId" reference={products}>
              <AutocompleteInput
                label={text.field.lineProduct}
                optionText="name"
                validate={requiredValidator}
                filterToQuery={(q: string) => ({ q })}
              />
            </ReferenceInput>
            <NumberInput source="quantity" label={text.field.lineQuantity} validate={requiredValidator} />
          </SimpleFormIterator>
        </ArrayInput>
      ) : null}
      <TextInput
        source="comments"
        label={text.field.comments}
        multiline
        minRows={2}
        validate={maxLengthValidator(1000)}
        disabled={disabled}
      />
    </Box>
  );
}

const ALCOHOL_ENTITIES = { Spirit: 'spirit', Wine: 'wine', NonExcise: 'nonExcise' } as const;

/** Return to tank: the tank, and what the bottles hold when the tank is empty. */
function TankFields({ disabled }: { disabled: boolean }) {
  const text = useStockText();
  const { entityByName } = useServices();
  const { setValue } = useFormContext();
  const alcoholType = ((useWatch({ name: 'alcoholType' }) as string | null) ??
    'Spirit') as keyof typeof ALCOHOL_ENTITIES;
  const alcohol = entityByName[ALCOHOL_ENTITIES[alcoholType] ?? 'spirit'];
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ReferenceInput
        source="tankId"
        reference={entityByName.tank?.plural ?? 'tanks'}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteInput
          label={text.field.tank}
          optionText="name"
          validate={requiredValidator}
          disabled={disabled}
          filterToQuery={(q: string) => ({ q })}
        />
      </ReferenceInput>
      <TextInput source="tankLot" label={text.field.tankLot} validate={maxLengthValidator(60)} disabled={disabled} />
      <SelectInput
        source="alcoholType"
        label={text.field.alcoholType}
        choices={Object.keys(ALCOHOL_ENTITIES).map((t) => ({
          id: t,
          name: text.alcoholType[t as keyof typeof ALCOHOL_ENTITIES],
        }))}
        translateChoice={false}
        disabled={disabled}
        onChange={() => setValue('alcoholId', null)}
      />
      {alcohol ? (
        <ReferenceInput key={alcoholType} source="alcoholId" reference={alcohol.plural}>
          <AutocompleteInput
            label={text.field.alcohol}
            optionText={alcohol.titleField}
            disabled={disabled}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
      ) : null}
    </Box>
  );
}

function DeleteButton({ posted, title, kind }: { posted: PostedStockAction; title: string; kind: 'product' | 'item' }) {
  const text = useStockText();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useGraphQL();
  const company = useCurrentCompany();
  const { reset, getValues } = useFormContext();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!posted.active || !company || !hasPermission(company.permissions, 'inventory.write')) return null;
  const onConfirm = async () => {
    setDeleting(true);
    try {
      await call(DELETE_MUTATION, { refId: posted.id });
      setOpen(false);
      notify(text.deleted, { type: 'success' });
      reset(getValues());
      navigate(stockTransactionsPath(kind, posted.stockId));
    } catch (error) {
      submissionErrors(error, (m) => notify(m, { type: 'error' }));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <>
      <RaButton label={text.delete} color="error" onClick={() => setOpen(true)} disabled={deleting}>
        <DeleteIcon />
      </RaButton>
      <ConfirmDialog
        open={open}
        title={fill(text.deleteTitle, { action: title, date: posted.date })}
        content={text.deleteContent}
        confirmLabel={text.delete}
        confirmColor="error"
        loading={deleting}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
