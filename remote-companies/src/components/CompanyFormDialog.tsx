import { type Company, ruleMessages } from '@backoffice/contracts';
import { FormField } from '@backoffice/ui';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import {
  type CreateCompanyOutput,
  type CreateCompanyValues,
  createCompanyDefaults,
  createCompanySchema,
  type EditCompanyOutput,
  editCompanyDefaults,
  editCompanySchema,
} from '../forms/company-form';
import { messages } from '../messages';
import { CnpjInput } from './CnpjInput';

type Mode =
  | { kind: 'create'; onSubmit: (values: CreateCompanyOutput) => Promise<void> }
  | { kind: 'edit'; company: Company; onSubmit: (values: EditCompanyOutput) => Promise<void> };

export type CompanyFormDialogProps = Mode & {
  open: boolean;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (the row menu's button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
};

type FormValues = CreateCompanyValues & Partial<Pick<CreateCompanyValues, 'is_active'>>;

/**
 * Create and edit dialog (spec §2, §5): validated on blur with every message of a field; the CNPJ
 * is masked while typing and submitted without the mask. Edit has no is_active.
 */
export function CompanyFormDialog(props: CompanyFormDialogProps) {
  const { open, onClose, finalFocusEl } = props;
  return (
    <Dialog.Root
      open={open}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      // The form keeps its state only while the dialog is open.
      unmountOnExit
      lazyMount
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{open && <CompanyForm {...props} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CompanyForm(props: CompanyFormDialogProps) {
  const formId = useId();
  const isEdit = props.kind === 'edit';
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    // One form for both schemas; the edit schema simply has no is_active.
    resolver: valibotResolver(isEdit ? editCompanySchema : createCompanySchema) as unknown as Resolver<FormValues>,
    mode: 'onBlur',
    criteriaMode: 'all',
    defaultValues: props.kind === 'edit' ? editCompanyDefaults(props.company) : createCompanyDefaults(),
  });

  const submit = handleSubmit(async (values) => {
    // The resolver hands over the schema's output: names trimmed, CNPJ without its mask.
    if (props.kind === 'edit') await props.onSubmit(values as unknown as EditCompanyOutput);
    else await props.onSubmit(values as unknown as CreateCompanyOutput);
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
        <Dialog.ActionTrigger asChild>
          <Button variant="subtle" colorPalette="gray" disabled={isSubmitting}>
            {messages.form.cancel}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" loading={isSubmitting}>
          {messages.form.save}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={messages.form.close} />
      </Dialog.CloseTrigger>
    </form>
  );
}
