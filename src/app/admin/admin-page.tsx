// /console: the admin console, behind the admin key. A key the service stops accepting is forgotten, and
// the gate says why.
import { useState } from "react";
import { useDocumentTitle } from "../components/use-document-title.ts";
import { forgetAdminKey, useAdminKey } from "../store/admin-key.ts";
import { AdminConsole } from "./admin-console.tsx";
import { AdminProvider } from "./admin-context.tsx";
import { AdminKeyGate } from "./admin-key-gate.tsx";
import "./admin.css";

export function AdminPage() {
  const adminKey = useAdminKey();
  const [note, setNote] = useState<string | null>(null);

  useDocumentTitle("Admin console · Crowd Market Data");

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
