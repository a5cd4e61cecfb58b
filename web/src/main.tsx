import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './routes';
import { ApiError } from './api/client';
import { installSentenceErrors } from './lib/messages';

installSentenceErrors();

const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  // Darker shades than the defaults keep small text at WCAG AA contrast.
  primaryShade: 8,
  // Filled badges and buttons pick dark or light text by the background's luminance (WCAG AA).
  autoContrast: true,
  luminanceThreshold: 0.18,
  components: {
    // Badges read as words ("Data ready", "Done"), not shouted in capitals.
    Badge: { defaultProps: { variant: 'filled', tt: 'none' } },
    // Light alerts keep their tinted background; their titles use the body text colour for contrast.
    Alert: {
      styles: { title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

// Dimmed text (descriptions, hints) at gray.7 keeps WCAG AA contrast on white and on striped rows;
// field errors (the message and the field's text) in red.9 for the same reason. A light button hovered
// or pressed keeps its tint at indigo.1 (indigo.2 under indigo.9 text is 4.2:1, below AA).
const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-indigo-light-hover': 'var(--mantine-color-indigo-1)',
  },
  dark: {},
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={resolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
