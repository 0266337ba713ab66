import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './compact.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_LIFE_MS, TOAST_WIDTH } from '@integration/contracts';
import { RouterProvider } from 'react-router';
import { router } from './router.tsx';
import { buildTheme } from './theme.ts';

const theme = buildTheme();
const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <MantineProvider theme={theme}>
      {/* Note: containerWidth is a maximum; a fixed width (`w`) pushed toasts off a phone's
          left edge, while Mantine's own width keeps them inside the screen's margins. */}
      <Notifications
        position="bottom-right"
        autoClose={TOAST_LIFE_MS}
        containerWidth={TOAST_WIDTH}
        // A pointer resting on one toast (on its way to a button beneath) holds that toast
        // only, not every other one with it.
        pauseResetOnHover="notification"
      />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
