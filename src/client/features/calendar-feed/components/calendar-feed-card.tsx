import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/**
 * The technician's week in their own calendar app: a private feed of their arrival windows
 * (Google Calendar: 'From URL'; Apple Calendar: open the webcal link). Anyone with the link can
 * read it, so it can be reset, which stops the old one at once.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const failure = useFormError();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="mt-6" role="region" aria-labelledby="calendar-feed-title">
      <CardHeader>
        <CardTitle id="calendar-feed-title" className="flex items-center gap-2">
          <CalendarDays className="h-5 w-5" aria-hidden="true" /> Calendar feed
        </CardTitle>
        <p className="text-sm text-slate-600">
          Your arrival windows (the last month and the next three, New York time) in Google or Apple
          Calendar. Keep the link to yourself: anyone with it can read your schedule.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        {feed.isLoading ? (
          <Skeleton className="h-10" />
        ) : feed.isError || !feed.data ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(feed.error, 'Your calendar feed could not be loaded.')}
          </p>
        ) : (
          <>
            <div className="space-y-1.5">
              <Label htmlFor="calendar-feed-url">Feed link</Label>
              <Input
                id="calendar-feed-url"
                readOnly
                value={feed.data.url}
                onFocus={(e) => e.target.select()}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(feed.data.url)
                    .then(() => notify({ title: 'Link copied' }))
                }
              >
                Copy link
              </Button>
              <Button variant="outline" asChild>
                <a href={feed.data.url}>Open in calendar app</a>
              </Button>
              {confirming ? (
                <>
                  <Button
                    type="button"
                    variant="destructive"
                    disabled={reset.isPending}
                    aria-describedby={failure.describedBy}
                    onClick={() => {
                      failure.clear();
                      reset.mutate(undefined, {
                        onSuccess: () => {
                          setConfirming(false);
                          notify({
                            title: 'Calendar link reset',
                            description:
                              'The old link no longer works: subscribe with the new one.',
                          });
                        },
                        onError: (err) => failure.report(err, 'The link could not be reset.'),
                      });
                    }}
                  >
                    Yes, reset the link
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                </>
              ) : (
                <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
                  Reset link
                </Button>
              )}
            </div>
            {confirming && (
              <p className="text-sm text-slate-600">
                Calendars subscribed with the current link stop updating.
              </p>
            )}
            <FormError id={failure.id} message={failure.message} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
