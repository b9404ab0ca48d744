// The Settings screen (spec section 2): heading, a back button to /, and four tabs (Appearance, Editor,
// AI, Sync; Sync also holds the Trash's retention, Your data, the calendar feed and Save from anywhere).
// The open tab is kept in the URL (?tab=ai), so a link or a reload returns to it.
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Bot, Palette, PenLine, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AboutSprout } from './about-sprout';
import { AiTab } from './ai-tab';
import { AppearanceTab } from './appearance-tab';
import { CalendarFeedCard } from './calendar-feed-card';
import { RemindersCard } from './reminders-card';
import { SaveAnywhereCard } from './save-anywhere/save-anywhere-card';
import { EditorTab } from './editor-tab';
import { SyncTab } from './sync-tab';
import { TrashRetentionCard } from './trash-retention-card';
import { YourDataSection } from './your-data/your-data-section';

const TABS = [
  { value: 'appearance', label: 'Appearance', icon: Palette },
  { value: 'editor', label: 'Editor', icon: PenLine },
  { value: 'ai', label: 'AI', icon: Bot },
  { value: 'sync', label: 'Sync', icon: RefreshCw },
] as const;

type SettingsTab = (typeof TABS)[number]['value'];

function isSettingsTab(value: string | null): value is SettingsTab {
  return TABS.some((tab) => tab.value === value);
}

export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'appearance';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <header className="mb-6 flex items-center gap-3">
        <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
          <Link to="/" aria-label="Back to notes">
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
        </Button>
        <div className="grid gap-0.5">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Settings</h1>
          <p className="text-sm text-muted-foreground">Make Sprout work the way you like.</p>
        </div>
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isSettingsTab(value)) setSearchParams(value === 'appearance' ? {} : { tab: value }, { replace: true });
        }}
        gap="gap-6"
      >
        <TabsList className="grid h-10 w-full grid-cols-4">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} px="px-1.5 sm:px-3">
              <Icon aria-hidden="true" className="hidden sm:block" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="appearance">
          <AppearanceTab />
        </TabsContent>
        <TabsContent value="editor">
          <EditorTab />
        </TabsContent>
        <TabsContent value="ai">
          <AiTab />
        </TabsContent>
        <TabsContent value="sync">
          <SyncTab />
          <TrashRetentionCard />
          <YourDataSection />
          <RemindersCard />
          <CalendarFeedCard />
          <SaveAnywhereCard />
        </TabsContent>
      </Tabs>
      <AboutSprout />
    </div>
  );
}
