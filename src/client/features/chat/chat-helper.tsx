import { MessageCircle, Send, X } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { LIMITS } from '@shared/constants/domain';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { adviceFor, QUICK_ISSUES } from './advice';
import { PATHS } from '@shared/paths';

type Message = { id: number; text: string; sender: 'user' | 'bot'; timestamp: Date };
const greeting = (): Message => ({
  id: 1,
  text: "Hi! I'm the Wrenchly helper. Describe what's going on with your car and I'll suggest what it might be.",
  sender: 'bot',
  timestamp: new Date(),
});

const NOT_TYPED = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'image',
]);

/** A control that takes typing (and, on a phone, raises the keyboard). */
function isTypingField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
    return true;
  return el instanceof HTMLInputElement && !NOT_TYPED.has(el.type);
}

/**
 * True while a form field outside `root` has focus: the floating chat button then steps aside
 * so it never covers what is being typed or the form's buttons beside it.
 */
function useFieldFocused(root: RefObject<HTMLElement | null>) {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const outside = (el: EventTarget | null) =>
      isTypingField(el) && !root.current?.contains(el as Node);
    const onIn = (e: FocusEvent) => setFocused(outside(e.target));
    const onOut = (e: FocusEvent) => setFocused(outside(e.relatedTarget));
    document.addEventListener('focusin', onIn);
    document.addEventListener('focusout', onOut);
    return () => {
      document.removeEventListener('focusin', onIn);
      document.removeEventListener('focusout', onOut);
    };
  }, [root]);
  return focused;
}

export function ChatHelper() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<Message[]>(() => [greeting()]);
  const [text, setText] = useState('');
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const end = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Focus follows the panel: into its field when it opens, back to its button when it closes
  // (not on the first render: the page keeps its own focus).
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    if (open) input.current?.focus();
    else opener.current?.focus();
  }, [open]);
  const setOpenAndFocus = (next: boolean) => {
    toggled.current = true;
    setOpen(next);
  };
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setOpenAndFocus(false);
  };
  const root = useRef<HTMLDivElement>(null);
  const fieldFocused = useFieldFocused(root);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages, typing]);

  const send = (value: string) => {
    const body = value.trim();
    if (!body) return;
    setMessages((m) => [
      ...m,
      { id: m.length + 1, text: body, sender: 'user', timestamp: new Date() },
    ]);
    setText('');
    setTyping(true);
    timer.current = setTimeout(() => {
      setTyping(false);
      setMessages((m) => [
        ...m,
        { id: m.length + 1, text: adviceFor(body), sender: 'bot', timestamp: new Date() },
      ]);
    }, LIMITS.chatReplyDelayMs);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(text);
  };

  return (
    <div
      ref={root}
      // On a phone a floating button would sit over some price or button at every scroll
      // position: closed, it takes its own place in the page (the layout keeps room for it)
      // and floats from the small breakpoint up; open, the panel floats everywhere.
      className={`z-40 print:hidden ${open ? 'fixed bottom-4 right-4' : 'flex justify-end px-4 py-2 sm:fixed sm:bottom-4 sm:right-4 sm:p-0'}`}
    >
      {open ? (
        <section
          aria-label="Chat helper"
          onKeyDown={closeOnEscape}
          className="flex h-[28rem] w-[calc(100vw-2rem)] max-w-sm flex-col rounded-lg border bg-white shadow-xl"
        >
          <header className="flex items-center justify-between rounded-t-lg bg-brand-600 px-4 py-3 text-white">
            <h2 className="font-semibold">Car Trouble Helper</h2>
            <button
              type="button"
              aria-label="Close chat"
              className="-mr-2 flex size-8 items-center justify-center rounded-sm"
              onClick={() => setOpenAndFocus(false)}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </header>
          <div className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite">
            {messages.map((m) => (
              <div
                key={m.id}
                className={m.sender === 'user' ? 'flex justify-end' : 'flex justify-start'}
              >
                <p
                  className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${m.sender === 'user' ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-800'}`}
                >
                  {m.text}
                </p>
              </div>
            ))}
            {typing && <p className="text-xs text-slate-500">Helper is typing...</p>}
            {messages.length === 1 && (
              <div className="flex flex-wrap gap-2">
                {QUICK_ISSUES.map((q) => (
                  <button
                    key={q}
                    type="button"
                    onClick={() => send(q)}
                    className="rounded-full border border-brand-600 px-3 py-1 text-xs text-brand-700 hover:bg-brand-50"
                  >
                    {q}
                  </button>
                ))}
              </div>
            )}
            {messages.length > 2 && !typing && (
              <Button asChild size="sm">
                <Link
                  to={PATHS.requestService}
                  onClick={() => {
                    // Off to another screen: focus goes with the navigation, not to the button.
                    toggled.current = false;
                    setOpen(false);
                  }}
                >
                  Request Service
                </Link>
              </Button>
            )}
            <div ref={end} />
          </div>
          <form onSubmit={submit} className="flex gap-2 border-t p-3">
            <label htmlFor="chat-input" className="sr-only">
              Describe your car issue
            </label>
            <Input
              ref={input}
              id="chat-input"
              placeholder="Describe your car issue..."
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <Button type="submit" size="icon" aria-label="Send message">
              <Send />
            </Button>
          </form>
        </section>
      ) : fieldFocused ? null : (
        <Button
          size="lg"
          className="h-14 w-14 rounded-full p-0 shadow-lg"
          ref={opener}
          aria-label="Open chat helper"
          onClick={() => setOpenAndFocus(true)}
        >
          <MessageCircle className="!size-6" />
        </Button>
      )}
    </div>
  );
}
