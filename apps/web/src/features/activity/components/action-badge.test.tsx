import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@depot/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '@/testing/render-app';
import { ACTION_COLORS, ActionBadge, actionColor, actionLabel } from './action-badge';

describe('ActionBadge', () => {
  it.each(AUDIT_ACTIONS)('names %s in words, never its raw name', (action) => {
    renderWithMantine(<ActionBadge action={action} />);
    const badge = screen.getByText(AUDIT_ACTION_LABELS[action]);
    expect(badge.textContent).not.toBe(action);
    expect(badge.textContent).not.toMatch(/[._]/);
    expect(badge.textContent).toMatch(/^[A-Z]/);
  });

  it('gives every action a label of its own and a colour', () => {
    const labels = AUDIT_ACTIONS.map(actionLabel);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(ACTION_COLORS[action]).toMatch(/^[a-z]+$/);
  });

  it('colours by what happened: new green, removed red, a refused login orange', () => {
    expect(AUDIT_ACTIONS.filter((action) => actionColor(action) === 'red')).toEqual([
      'stock.deleted',
      'supply_order_draft.deleted',
      'supplier.deactivated',
      'supplier_product.deleted',
      'account.rejected',
      'account.deactivated',
    ]);
    for (const action of AUDIT_ACTIONS.filter((action) => /\.(created|placed)$/.test(action))) {
      expect(actionColor(action)).toBe('green');
    }
    expect(actionColor('auth.login_failed')).toBe('orange');
    expect(actionColor('stock.updated')).not.toBe(actionColor('stock.created'));
  });

  it('paints the badge in its colour', () => {
    renderWithMantine(<ActionBadge action="stock.deleted" />);
    const badge = screen.getByText('Stock deleted').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain('var(--mantine-color-red-light)');
  });

  it('puts an action this build does not know into words, in grey', () => {
    renderWithMantine(<ActionBadge action="supplier_product.archived" />);
    expect(screen.getByText('Supplier product archived')).toBeInTheDocument();
    expect(actionLabel('auth.session_expired')).toBe('Session expired');
    expect(actionColor('supplier_product.archived')).toBe('gray');
  });
});
