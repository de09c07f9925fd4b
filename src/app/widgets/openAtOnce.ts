// Opening a record a button has just made (a receipt from its purchase order, the next sales
// document from this one) as a plain update, not as a transition. React Router renders a navigation as a transition, which keeps
// the screen being left on show, and typeable, until the next one has rendered (about half a
// second on a busy machine): what a person typed in that moment went into the old form and was
// gone when the new one appeared, its Save disabled. react-admin's own <Routes> hand
// useNavigate() a navigator that drops `flushSync`, so the app's data router is called itself.
import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useNavigate } from 'react-router-dom';

export function useOpenAtOnce(): (path: string) => void {
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return (path: string) => {
    if (router) void router.navigate(path, { flushSync: true });
    else void navigate(path);
  };
}
