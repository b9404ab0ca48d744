// The three tabs a note shows, in the view and in the editor: the first one is the note itself (its
// name differs: 'Note' when reading, 'Original' when editing), then the expanded plan and the chat.
import { FileText, MessageSquare, Sparkles } from 'lucide-react';
import { TabsList, TabsTrigger } from '../../components/ui/tabs';

export function NoteTabsList({ first }: { first: { value: string; label: string } }) {
  return (
    <TabsList className="inline-flex h-9 w-full sm:w-fit">
      <TabsTrigger value={first.value}>
        <FileText aria-hidden="true" />
        {first.label}
      </TabsTrigger>
      <TabsTrigger value="expanded">
        <Sparkles aria-hidden="true" />
        Expanded
      </TabsTrigger>
      <TabsTrigger value="chat">
        <MessageSquare aria-hidden="true" />
        Chat
      </TabsTrigger>
    </TabsList>
  );
}
