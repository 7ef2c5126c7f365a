import {
  type CSSProperties,
  type MutableRefObject,
  type PointerEvent,
  startTransition,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { prefersReducedMotion } from '../../ui/motion';
import { GLIDE_EASING } from '../glide';
import { PinPicture, pinAnchor, ROUTE_COLOUR } from '../pin';
import { OSM_CREDITS } from '../style';
import type { MapPin, TaxiMapProps } from '../types';
import { type LiteSource, tileAddress } from './source';
import {
  NO_PADDING,
  placeUnder,
  screenPoint,
  type Size,
  tilesInSight,
  type View,
  viewOf,
  viewOfArea,
} from './view';
import './lite.css';

export interface LiteMapProps extends TaxiMapProps {
  source: LiteSource;
  /** The view shown, where the interactive map starts from. */
  shown: MutableRefObject<View | null>;
  /** The passenger reached for the map (a touch, the wheel, the keyboard). */
  onReach: () => void;
  /** A drag began (true) or ended (false): the interactive map waits for its end. */
  onGesture: (dragging: boolean) => void;
  /** A picture did not load (it is hidden meanwhile). */
  onPictureMissing?: () => void;
}

/** CSS pixels a pointer may travel between down and up and still be a tap. */
const TAP_SLOP = 6;

/** A pin's place on the screen; a taxi's new one is reached by the glide's ease. */
function pinStyle(pin: MapPin, at: { x: number; y: number }): CSSProperties {
  const rise = pinAnchor(pin) === 'bottom' ? '-100%' : '-50%';
  const glide = pin.glideMs && !prefersReducedMotion() ? pin.glideMs : 0;
  return {
    transform: `translate(${Math.round(at.x)}px, ${Math.round(at.y)}px) translate(-50%, ${rise})`,
    transition: glide ? `transform ${glide}ms ${GLIDE_EASING}` : undefined,
  };
}

/**
 * The map as pictures: the tile server's raster tiles in `<img>`s, the pins and the route drawn
 * over them, no WebGL. It is what a passenger sees first, at the cost of a few images, until they
 * reach for the map and the interactive one has drawn; it follows focus and padding as that one
 * does, and a drag moves it meanwhile.
 */
export function LiteMap(props: LiteMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const padding = props.padding ?? NO_PADDING;
  const [view, setView] = useState<View | null>(null);
  const drag = useRef<{ id: number; x: number; y: number; from: View } | null>(null);
  const [dragging, setDragging] = useState(false);
  props.shown.current = view;

  useLayoutEffect(() => {
    const element = box.current!;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((was) =>
        was && was.width === width && was.height === height ? was : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The first view: the focus, else the area the tiles cover (fitTilesFirst), else the given one.
  const { focus, fitTilesFirst, initialView } = props;
  const area = props.source.area;
  useLayoutEffect(() => {
    if (!size) return;
    const move = () =>
      setView((was) => {
        const current = was ?? initialView;
        if (focus && focus.points.length > 0)
          return viewOf(focus.points, current, size, focus.padding, padding);
        if (was) return was;
        return fitTilesFirst && area ? viewOfArea(area, size, padding) : initialView;
      });
    // A new focus (a picked address) moves the pictures after the tap's own paint: their new
    // tiles (elements, requests) are no part of the tap's latency.
    if (view) startTransition(move);
    else move();
    // Only a new key, or the first measure, moves the map (as the interactive one does).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.key, size === null]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    props.onReach();
    if (!view || event.isPrimary === false || (event.target as Element).closest('.tx-lite__pin'))
      return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, from: view };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    props.onGesture(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const moving = drag.current;
    if (!moving || moving.id !== event.pointerId || !size) return;
    const dx = event.clientX - moving.x;
    const dy = event.clientY - moving.y;
    const anchor = screenPoint(moving.from.center, moving.from, size, padding);
    const center = placeUnder({ x: anchor.x - dx, y: anchor.y - dy }, moving.from, size, padding);
    setView({ center, zoom: moving.from.zoom });
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const moving = drag.current;
    if (!moving || moving.id !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    props.onGesture(false);
    // A finger's tap wobbles a little: under TAP_SLOP it is a tap, not a drag.
    const tapped =
      event.type === 'pointerup' &&
      Math.hypot(event.clientX - moving.x, event.clientY - moving.y) < TAP_SLOP;
    if (tapped && props.onPickupTap && size) {
      const { left, top } = event.currentTarget.getBoundingClientRect();
      const place = { x: event.clientX - left, y: event.clientY - top };
      setView(moving.from);
      props.onPickupTap(placeUnder(place, moving.from, size, padding));
    } else if (view && view !== moving.from) props.onUserMoveEnd?.(view.center, view.zoom);
  };

  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const tiles = view && size ? tilesInSight(view, size, padding) : [];
  const at = (point: { lat: number; lng: number }) => screenPoint(point, view!, size!, padding);
  const route =
    view && size && props.route && props.route.length > 1
      ? props.route.map((point) => {
          const { x, y } = at(point);
          return `${x.toFixed(1)},${y.toFixed(1)}`;
        })
      : null;
  const covered = { '--tx-map-covered': `${props.coveredBottom ?? 0}px` } as CSSProperties;

  return (
    <div
      ref={box}
      className={`tx-map tx-lite ${props.className ?? ''}`}
      style={covered}
      aria-busy={dragging}
      role="region"
      aria-label={props.label}
      tabIndex={0}
      onFocus={props.onReach}
      // React listens to the wheel passively: scrolling is never held up by it.
      onWheel={props.onReach}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {tiles.map((tile) => (
        <img
          key={tile.key}
          className="tx-lite__tile"
          src={tileAddress(props.source.template, tile, ratio)}
          alt=""
          draggable={false}
          decoding="async"
          style={{
            transform: `translate(${tile.left}px, ${tile.top}px)`,
            width: `${tile.size}px`,
            height: `${tile.size}px`,
          }}
          // Hidden while missing; shown again once it loads from another address (the drawing
          // moved, or the look changed).
          onLoad={(event) => void (event.currentTarget.style.visibility = '')}
          onError={(event) => {
            event.currentTarget.style.visibility = 'hidden';
            props.onPictureMissing?.();
          }}
        />
      ))}
      {route ? (
        <svg
          className="tx-lite__route"
          aria-hidden="true"
          width={size!.width}
          height={size!.height}
        >
          <polyline
            points={route.join(' ')}
            stroke={props.routeColor ?? ROUTE_COLOUR}
            strokeDasharray={props.routeDashed ? '7.5 7.5' : undefined}
          />
        </svg>
      ) : null}
      {view && size
        ? (props.pins ?? []).map((pin) => (
            <span key={pin.id} className="tx-lite__pin" style={pinStyle(pin, at(pin.position))}>
              <PinPicture pin={pin} />
            </span>
          ))
        : null}
      <small className="tx-lite__credits">{OSM_CREDITS}</small>
    </div>
  );
}
