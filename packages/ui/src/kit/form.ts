import { valibotResolver } from '@hookform/resolvers/valibot';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { GenericSchema, InferInput, InferOutput } from 'valibot';

/**
 * The product's one form set-up (DESIGN §6): the valibot `schema` validates, each field on blur, and
 * a field shows every message it breaks (`criteriaMode: 'all'`, shown by `FormField`). The submit
 * handler receives the schema's output (trimmed names, an unmasked CNPJ…).
 */
export function useBlurForm<TSchema extends GenericSchema<FieldValues, FieldValues>>(
  schema: TSchema,
  options: Omit<
    UseFormProps<InferInput<TSchema>, unknown, InferOutput<TSchema>>,
    'resolver' | 'mode' | 'criteriaMode'
  > = {},
): UseFormReturn<InferInput<TSchema>, unknown, InferOutput<TSchema>> {
  return useForm<InferInput<TSchema>, unknown, InferOutput<TSchema>>({
    ...options,
    resolver: valibotResolver(schema),
    mode: 'onBlur',
    criteriaMode: 'all',
  });
}
