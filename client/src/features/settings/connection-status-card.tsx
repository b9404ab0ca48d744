// Settings > AI: the AI connection card (status dot and text; clicking it opens the 'Connection Status'
// sheet with the details and 'Retest Connection'), with 'Test Connection' and, without any key, a way
// to /api-setup. Tested when it opens untested, as the assistant's screens are, so both show one state;
// the buttons' tests show the spec's toasts.
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight, KeyRound, LoaderCircle, PlugZap, RefreshCw, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '../../components/ui/sheet';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import {
  keySourceLabel,
  useShownAiConnection,
  type AiConnectionSnapshot,
  type AiConnectionStatus,
} from '../../data/ai-connection';
import { useProviderName } from '../../data/app-config';

const STATUS_TEXT: Record<AiConnectionStatus, string> = {
  untested: 'Not tested',
  connecting: 'Connecting',
  connected: 'Connected',
  failed: 'Connection Failed',
};

const DOT_CLASS: Record<AiConnectionStatus, string> = {
  untested: 'bg-muted-foreground/60',
  connecting: 'bg-amber-500 animate-pulse',
  connected: 'bg-primary shadow-[0_0_0_3px] shadow-primary/20',
  failed: 'bg-destructive shadow-[0_0_0_3px] shadow-destructive/20',
};

function showOutcome(outcome: AiConnectionSnapshot): void {
  if (outcome.status === 'connected') toast({ title: 'API Connection Successful', description: outcome.message });
  else toast({ variant: 'destructive', title: 'API Connection Failed', description: outcome.detail });
}

function StatusDot({ status }: { status: AiConnectionStatus }) {
  return <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', DOT_CLASS[status])} />;
}

function modelsText(count: number): string {
  return `${count} ${count === 1 ? 'model' : 'models'} available`;
}

export function ConnectionStatusCard() {
  const connection = useShownAiConnection();
  const providerName = useProviderName();
  const [open, setOpen] = useState(false);
  const testing = connection.status === 'connecting';

  const runTest = async () => {
    if (testing) return;
    showOutcome(await connection.test());
  };

  const summary =
    connection.status === 'connected'
      ? `${connection.detail} · ${modelsText(connection.models)}`
      : connection.status === 'failed'
        ? connection.detail
        : connection.status === 'connecting'
          ? `Testing the connection to ${providerName}...`
          : `Test the connection to ${providerName} to check your setup.`;

  return (
    <Card gap="gap-4">
      <CardHeader layout="row">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <PlugZap aria-hidden="true" className="size-[1.125rem]" />
        </span>
        <div className="grid gap-1">
          <CardTitle as="h2" className="text-base">
            AI Connection
          </CardTitle>
          <CardDescription>The assistant reaches {providerName} through the Sprout server.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <button
              type="button"
              className="flex w-full items-center gap-3 rounded-lg border bg-muted/30 px-4 py-3 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <StatusDot status={connection.status} />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="text-sm font-medium" data-testid="connection-status-text">
                  {STATUS_TEXT[connection.status]}
                </span>
                <span className="text-sm text-muted-foreground">{summary}</span>
              </span>
              <span className="sr-only">Show connection details</span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </button>
          </SheetTrigger>
          <ConnectionStatusSheet connection={connection} providerName={providerName} onRetest={() => void runTest()} />
        </Sheet>
        <div className="flex flex-wrap gap-2">
          {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus. */}
          <Button variant="outline" onClick={() => void runTest()} aria-disabled={testing || undefined}>
            {testing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <RefreshCw aria-hidden="true" />}
            Test Connection
          </Button>
          {connection.keyRequired ? (
            <Button asChild>
              <Link to="/api-setup">
                <KeyRound aria-hidden="true" />
                Set up API key
              </Link>
            </Button>
          ) : (
            <Button asChild variant="ghost">
              <Link to="/api-setup">
                <KeyRound aria-hidden="true" />
                Manage API key
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function ConnectionStatusSheet({
  connection,
  providerName,
  onRetest,
}: {
  connection: AiConnectionSnapshot;
  providerName: string;
  onRetest: () => void;
}) {
  const testing = connection.status === 'connecting';
  const rows: [string, string][] = [
    ['Status', STATUS_TEXT[connection.status]],
    ['Provider', providerName],
    ['Message', connection.message || 'No test run yet.'],
    ['Models available', connection.status === 'connected' ? String(connection.models) : '–'],
    [
      'API key',
      connection.keyRequired
        ? 'None'
        : connection.status === 'untested'
          ? 'Unknown'
          : keySourceLabel(connection.source),
    ],
    ['Last tested', connection.testedAt ? new Date(connection.testedAt).toLocaleTimeString() : 'Never'],
  ];

  return (
    // Our own close button: a 36 px target (the kit's is smaller than WCAG 2.2's 24 px spacing allows here).
    <SheetContent side="right" width="w-full sm:max-w-md" gap="gap-0" showCloseButton={false}>
      <SheetHeader className="flex-row items-start gap-3 border-b p-5">
        <div className="grid flex-1 gap-1.5">
          <SheetTitle>Connection Status</SheetTitle>
          <SheetDescription>Details of the last test of the connection to {providerName}.</SheetDescription>
        </div>
        <SheetClose asChild>
          <Button variant="ghost" size="icon" className="-mt-1.5 -mr-2" aria-label="Close">
            <X aria-hidden="true" />
          </Button>
        </SheetClose>
      </SheetHeader>
      <div className="grid gap-5 overflow-y-auto p-5">
        {/* A live region inside the sheet: while it is open, the toasts outside are hidden from screen readers. */}
        <div role="status" className="flex items-center gap-3 rounded-lg border p-4">
          <StatusDot status={connection.status} />
          <div className="grid gap-0.5">
            <p className="text-sm font-semibold">{STATUS_TEXT[connection.status]}</p>
            {connection.detail && <p className="text-sm text-muted-foreground">{connection.detail}</p>}
          </div>
        </div>
        <dl className="grid gap-3 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {connection.keyRequired && (
          <p className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
            Add an API key to use the assistant.{' '}
            <Link to="/api-setup" className="font-medium text-primary underline underline-offset-4">
              Go to API setup
            </Link>
          </p>
        )}
      </div>
      <SheetFooter padding="p-5" className="border-t">
        <Button onClick={onRetest} aria-disabled={testing || undefined}>
          {testing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <RefreshCw aria-hidden="true" />}
          Retest Connection
        </Button>
      </SheetFooter>
    </SheetContent>
  );
}
