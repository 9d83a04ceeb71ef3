import { Button } from '@chakra-ui/react/button';

/**
 * The form's submit button. While the request runs it shows a spinner next to its label (so its
 * accessible name stays), is marked busy and is disabled, so it cannot be pressed twice.
 */
export function SubmitButton({ label, loading }: { label: string; loading: boolean }) {
  return (
    <Button type="submit" w="full" loading={loading} loadingText={label} aria-busy={loading}>
      {label}
    </Button>
  );
}
