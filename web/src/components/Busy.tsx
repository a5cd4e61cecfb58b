// A loading spinner that assistive technology can name: Mantine's Loader is a bare <span>, and
// aria-label is not permitted on a span without a role, so it carries role="status".
import { Loader, type LoaderProps } from '@mantine/core';

export function Busy({ label, ...props }: LoaderProps & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}
