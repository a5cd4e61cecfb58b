import { Stack, Text, Title, type TitleProps } from '@mantine/core';

/** A page's one top-level heading, the same size on every page. */
export function PageTitle(props: Omit<TitleProps, 'order' | 'size'>) {
  return <Title order={1} size="h2" {...props} />;
}

/** What a settings page shows to someone who is not an ADMIN: its title, and who may see it. */
export function AdminOnlyPage({ title, may }: { title: string; may: string }) {
  return (
    <Stack>
      <PageTitle>{title}</PageTitle>
      <Text>Only an ADMIN can {may}.</Text>
    </Stack>
  );
}
