// /console: the admin console, behind the admin key. Without a key in this tab's session, the gate
// asks for one; with one, the console. A key the service stops accepting is forgotten, and the gate says
// why. Outside the main navigation until a key is kept (see the shell).
import { useEffect, useState } from "react";
import { forgetAdminKey, useAdminKey } from "../store/admin-key.ts";
import { AdminConsole } from "./admin-console.tsx";
import { AdminProvider } from "./admin-context.tsx";
import { AdminKeyGate } from "./admin-key-gate.tsx";
import "./admin.css";

export function AdminPage() {
  const adminKey = useAdminKey();
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    const before = document.title;
    document.title = "Admin console · Crowd Market Data";
    return () => {
      document.title = before;
    };
  }, []);

  if (adminKey === "") return <AdminKeyGate note={note} />;
  return (
    <AdminProvider adminKey={adminKey}>
      <AdminConsole
        onKeyRefused={() => {
          setNote("The service no longer accepts the admin key this tab kept, so it was forgotten.");
          forgetAdminKey();
        }}
        onForget={() => {
          setNote(null);
          forgetAdminKey();
        }}
      />
    </AdminProvider>
  );
}
