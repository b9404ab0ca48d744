// Settings > AI: the connection card, whether the assistant may use the user's notes, then the
// assistant's preferences (name, tone, conversation settings) edited in a draft that only 'Save
// Preferences' keeps (spec section 4), with the spec's toasts.
import { useState, type FormEvent } from 'react';
import { Bot, LoaderCircle, MessagesSquare, Save, Sparkles, Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import {
  AI_NAME_MAX_LENGTH,
  CONVERSATION_DEPTH_OPTIONS,
  DEFAULT_AI_NAME,
  OUTPUT_FORMAT_OPTIONS,
  PROMPTING_STYLE_OPTIONS,
  samePreferences,
  TONE_OPTIONS,
  useAiPreferences,
  type AiPreferences,
} from '../../data/ai-preferences';
import { ConnectionStatusCard } from './connection-status-card';
import { NotesForAssistantCard } from './notes-for-assistant-card';
import { PreferenceOptions } from './preference-options';
import { SettingsCard } from './settings-section';

export function AiTab() {
  const { preferences, loading, save } = useAiPreferences();
  // The draft: null while it equals the saved preferences (so a load or another tab's save shows through).
  const [draft, setDraft] = useState<AiPreferences | null>(null);
  const [saving, setSaving] = useState(false);
  const values = draft ?? preferences;
  const unsaved = draft !== null && !samePreferences(draft, preferences);

  const edit = (patch: Partial<AiPreferences>) => setDraft({ ...values, ...patch });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await save(values);
      setDraft(null);
      toast({ title: 'Preferences Saved', description: 'Your AI preferences have been updated successfully.' });
    } catch (error) {
      console.warn('Saving AI preferences failed:', error);
      toast({
        variant: 'destructive',
        title: 'Error Saving Preferences',
        description: 'There was a problem saving your preferences.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-6">
      <ConnectionStatusCard />
      <NotesForAssistantCard />
      {loading ? (
        <PreferencesSkeleton />
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-6" aria-label="AI preferences">
          <SettingsCard icon={Bot} title="AI Identity" description="What your assistant is called in conversations.">
            <div className="grid max-w-sm gap-2">
              <Label htmlFor="settings-ai-name">AI Assistant Name</Label>
              <Input
                id="settings-ai-name"
                name="aiName"
                placeholder={DEFAULT_AI_NAME}
                maxLength={AI_NAME_MAX_LENGTH}
                autoComplete="off"
                value={values.aiName}
                onChange={(event) => edit({ aiName: event.target.value })}
                aria-describedby="settings-ai-name-hint"
              />
              <p id="settings-ai-name-hint" className="text-sm text-muted-foreground">
                Leave it empty to use {DEFAULT_AI_NAME}.
              </p>
            </div>
          </SettingsCard>

          <SettingsCard
            icon={Sparkles}
            title="AI Personality"
            titleId="settings-tone-heading"
            description="The tone your assistant takes with you."
          >
            <PreferenceOptions
              name="tone"
              labelledBy="settings-tone-heading"
              options={TONE_OPTIONS}
              value={values.tone}
              onChange={(tone) => edit({ tone })}
            />
          </SettingsCard>

          <SettingsCard
            icon={MessagesSquare}
            title="Conversation Settings"
            description="How the assistant develops an idea with you."
          >
            <div className="grid gap-6">
              <fieldset className="grid gap-3">
                <legend id="settings-depth-heading" className="mb-3 text-sm font-medium">
                  Conversation Depth
                </legend>
                <PreferenceOptions
                  name="conversationDepth"
                  labelledBy="settings-depth-heading"
                  options={CONVERSATION_DEPTH_OPTIONS}
                  value={values.conversationDepth}
                  onChange={(conversationDepth) => edit({ conversationDepth })}
                  columns={3}
                />
              </fieldset>
              <fieldset className="grid gap-3">
                <legend id="settings-prompting-heading" className="mb-3 text-sm font-medium">
                  Prompting Style
                </legend>
                <PreferenceOptions
                  name="promptingStyle"
                  labelledBy="settings-prompting-heading"
                  options={PROMPTING_STYLE_OPTIONS}
                  value={values.promptingStyle}
                  onChange={(promptingStyle) => edit({ promptingStyle })}
                />
              </fieldset>
              <fieldset className="grid gap-3">
                <legend id="settings-output-heading" className="mb-3 text-sm font-medium">
                  Output Format
                </legend>
                <PreferenceOptions
                  name="outputFormat"
                  labelledBy="settings-output-heading"
                  options={OUTPUT_FORMAT_OPTIONS}
                  value={values.outputFormat}
                  onChange={(outputFormat) => edit({ outputFormat })}
                />
              </fieldset>
            </div>
          </SettingsCard>

          <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom)+0.75rem)] z-10 flex items-center justify-end gap-2 rounded-xl border bg-card/95 p-2.5 shadow-sm backdrop-blur sm:gap-3 sm:p-3 md:bottom-4">
            <p role="status" className="mr-auto min-w-0 truncate text-sm text-muted-foreground">
              {unsaved ? (
                <span className="flex items-center gap-2 font-medium text-foreground">
                  <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
                  <span className="sm:hidden">Unsaved changes</span>
                  <span className="hidden sm:inline">You have unsaved changes</span>
                </span>
              ) : (
                'All changes saved'
              )}
            </p>
            {unsaved && (
              <Button
                variant="ghost"
                size="icon"
                className="sm:w-auto sm:px-3"
                onClick={() => setDraft(null)}
                disabled={saving}
                aria-label="Discard"
              >
                <Undo2 aria-hidden="true" />
                <span className="hidden sm:inline">Discard</span>
              </Button>
            )}
            <Button type="submit" disabled={saving}>
              {saving ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Save aria-hidden="true" className="hidden sm:block" />
              )}
              {saving ? 'Saving...' : 'Save Preferences'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function PreferencesSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading AI preferences">
      {[0, 1, 2].map((index) => (
        <div key={index} className="grid gap-4 rounded-xl border p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-64" />
          <div className="grid gap-2.5 sm:grid-cols-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        </div>
      ))}
    </div>
  );
}
