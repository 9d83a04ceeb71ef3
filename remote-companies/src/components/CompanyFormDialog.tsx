import { isApiError, useCreateCompany, useUpdateCompany } from '@backoffice/api-client';
import { apiErrors, type Company, DEFAULT_COMPANY_IS_ACTIVE, ruleMessages } from '@backoffice/contracts';
import { apiErrorText, FormField, handleError } from '@backoffice/ui';
import { BlurFormSubmit, formDialog, mutateWithToast, useBlurForm, useFormDialogChanges } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import {
  type CompanyFormOutput,
  changedCompanyFields,
  companyFormSchema,
  createCompanyDefaults,
  editCompanyDefaults,
} from '../forms/company-form';
import { messages } from '../messages';
import { CnpjInput } from './CnpjInput';

export type CompanyFormDialogProps = ({ kind: 'create' } | { kind: 'edit'; company: Company }) & {
  open: boolean;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (the row menu's button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
};

/**
 * Create and edit dialog (spec §2, §5): validated on blur with every message of a field; the CNPJ
 * is masked while typing and sent without the mask. Edit has no is_active and sends only the changed
 * fields (nothing at all when none changed). The dialog saves, says so and closes; a taken CNPJ is
 * marked on the CNPJ field, another refusal shows in the shared error toast, and the dialog stays open
 * with what was typed.
 */
export const CompanyFormDialog = formDialog(CompanyForm);

function CompanyForm(props: CompanyFormDialogProps) {
  const formId = useId();
  const isEdit = props.kind === 'edit';
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useBlurForm(companyFormSchema(props.kind), {
    defaultValues: props.kind === 'edit' ? editCompanyDefaults(props.company) : createCompanyDefaults(),
  });

  useFormDialogChanges(isDirty);

  // A taken CNPJ is said on the CNPJ field itself, which gets the focus (issue 28: only a toast said
  // it); any other refusal goes to the shared error toast.
  const failure = (error: unknown) => {
    if (isApiError(error) && error.detail === apiErrors.taxIdTaken) {
      setError('tax_id', { type: 'server', message: apiErrorText(error) }, { shouldFocus: true });
    } else handleError(error);
  };

  // The schema's output: names trimmed, CNPJ without its mask.
  const save = async (values: CompanyFormOutput) => {
    if (props.kind === 'create') {
      return mutateWithToast(
        () => createCompany.mutateAsync({ ...values, is_active: values.is_active ?? DEFAULT_COMPANY_IS_ACTIVE }),
        { success: messages.created, failure },
      );
    }
    const changes = changedCompanyFields(props.company, values);
    if (Object.keys(changes).length === 0) return { ok: true }; // Nothing changed: nothing to send (spec §5).
    const { id } = props.company;
    return mutateWithToast(() => updateCompany.mutateAsync({ id, body: changes }), {
      success: messages.updated,
      failure,
    });
  };
  const submit = handleSubmit(async (values) => {
    if ((await save(values)).ok) props.onClose();
  });

  return (
    <form id={formId} noValidate onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>{isEdit ? messages.form.editTitle : messages.form.createTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={messages.form.tradingName} error={errors.trading_name} required>
            <Input autoComplete="off" {...register('trading_name')} />
          </FormField>
          <FormField label={messages.form.legalName} error={errors.legal_name} required>
            <Input autoComplete="off" {...register('legal_name')} />
          </FormField>
          <FormField label={messages.form.taxId} error={errors.tax_id} required helperText={messages.form.taxIdHelp}>
            <Controller
              control={control}
              name="tax_id"
              render={({ field }) => (
                <CnpjInput
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </FormField>
          <FormField label={messages.form.type} error={errors.type} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('type')}>
                {isEdit && (
                  <option value="" disabled>
                    {ruleMessages.companyTypeRequired}
                  </option>
                )}
                <option value="matriz">{messages.typeOption.matriz}</option>
                <option value="filial">{messages.typeOption.filial}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {!isEdit && (
            <Controller
              control={control}
              name="is_active"
              render={({ field }) => (
                <Checkbox.Root
                  checked={field.value ?? true}
                  onCheckedChange={(details) => field.onChange(details.checked === true)}
                  name={field.name}
                >
                  <Checkbox.HiddenInput onBlur={field.onBlur} ref={field.ref} />
                  <Checkbox.Control />
                  <Checkbox.Label>{messages.form.isActive}</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {/* Cancel discards without asking (the spec's Cancel resets the form). */}
        <Button variant="subtle" colorPalette="gray" disabled={isSubmitting} onClick={props.onClose}>
          {messages.form.cancel}
        </Button>
        <BlurFormSubmit loading={isSubmitting}>{messages.form.save}</BlurFormSubmit>
      </Dialog.Footer>
    </form>
  );
}
