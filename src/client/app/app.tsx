import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { DialogHost } from '../components/dialogs.tsx';
import { ToastHost } from '../components/toast.tsx';
import { appRoutes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRoutes());
}

/** The providers around everything: the router, the toast areas and the global dialogs. */
export function App({ router }: { router: AppRouter }) {
  return (
    <>
      <RouterProvider router={router} />
      <ToastHost />
      <DialogHost />
    </>
  );
}
