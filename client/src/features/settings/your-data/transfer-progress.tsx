// The progress of an export or import: what is being done and a bar with how far it is.
export interface ProgressState {
  label: string;
  done: number;
  total: number;
}

export function TransferProgress({ state }: { state: ProgressState }) {
  const percent = state.total > 0 ? Math.round((state.done / state.total) * 100) : 0;
  return (
    <div className="mt-4 grid gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {state.label}
        {state.total > 0 ? `: ${state.done.toLocaleString('en')} of ${state.total.toLocaleString('en')}` : '…'}
      </p>
      <div
        role="progressbar"
        aria-label={state.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
