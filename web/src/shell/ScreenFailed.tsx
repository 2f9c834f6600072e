import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

/** What a screen that failed to render shows instead of a blank page: what happened and a way back. */
export function ScreenFailed({ onBack }: { onBack: () => void }) {
  return (
    <Card
      role="alert"
      className="grid justify-items-center gap-3 py-12 text-center"
      data-testid="screen-failed"
    >
      <TriangleAlert className="size-12 text-red-300" aria-hidden />
      <h1 className="text-parchment text-xl">This screen lost its way</h1>
      <p className="max-w-md text-muted">
        Something went wrong while showing it. Your quests and progress are safe: go back to the dashboard, or
        reload the page to try again.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/" onClick={onBack} className={buttonClasses('secondary')}>
          Back to the Dashboard
        </Link>
        <Button variant="ghost" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </Card>
  );
}
