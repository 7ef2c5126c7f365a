import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapBoundary, MaplibreMap, maplibreLoaded } from '../engines';
import { mapName } from '../name';
import { mapStyle } from '../style';
import type { TaxiMapProps } from '../types';
import { LiteMap } from './LiteMap';
import { liteSource, type LiteSource, picturesOf } from './source';
import type { View } from './view';

/**
 * The maplibre map, pictures first: the lite map shows the tile server's raster tiles until the
 * passenger reaches for the map; the interactive map then starts beneath it, from the view it
 * shows, and takes its place once drawn whole (and the passenger's drag is over). Its library,
 * its WebGL context and its shaders cost a cheap phone a second of main thread at the start; a
 * passenger who orders by the address cards never pays it. Without WebGL the lite map stays.
 */
export default function LiteFirst(props: TaxiMapProps) {
  const { i18n } = useTranslation('common');
  const style = mapStyle(props.tileUrl, {
    dark: !!props.dark,
    mapbox: false,
    language: i18n.language,
    origin: window.location.origin,
  });
  const styleUrl = typeof style === 'string' ? style : '';
  // A library already in (a map kept from the screen before) starts at once, as before.
  const [glFirst] = useState(maplibreLoaded);
  // The settings' pictures, else those the style names: undefined while it is asked for; null:
  // no pictures, the interactive map at once.
  const given = useMemo(
    () =>
      glFirst || !props.tilePictures
        ? undefined
        : picturesOf(props.tilePictures, { dark: !!props.dark, language: i18n.language }),
    [glFirst, props.tilePictures, props.dark, i18n.language],
  );
  const [asked, setAsked] = useState<LiteSource | null | undefined>(glFirst ? null : undefined);
  // Settings the service worker kept from before a new extract or drawing name pictures the
  // server no longer has: at the first missing one the style says where they are now.
  const [doubted, setDoubted] = useState(false);
  const moved = doubted && given && asked && asked.template !== given.template;
  const source = given && !moved ? given : asked;
  const [reached, setReached] = useState(glFirst);
  const [drawn, setDrawn] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [failed, setFailed] = useState(false);
  const shown = useRef<View | null>(null);
  const startFocus = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (glFirst || (given && !doubted)) return;
    let current = true;
    void liteSource(props.tileUrl, styleUrl).then((found) => current && setAsked(found));
    return () => {
      current = false;
    };
  }, [glFirst, given, doubted, props.tileUrl, styleUrl]);

  const interactive = !failed && (reached || source === null);
  const lite = source && (failed || !drawn || dragging);
  if (interactive && startFocus.current === undefined) startFocus.current = props.focus?.key ?? '';
  const fromLite = !!source && shown.current !== null;
  const background = (
    <div className={`tx-map-placeholder ${props.className ?? ''}`} aria-hidden="true" />
  );

  return (
    <>
      {lite ? (
        <LiteMap
          {...props}
          label={mapName(props, i18n.language)}
          source={source}
          shown={shown}
          onReach={() => setReached(true)}
          onGesture={setDragging}
          onPictureMissing={given && !doubted ? () => setDoubted(true) : undefined}
        />
      ) : null}
      {interactive ? (
        <MapBoundary fallback={null} onFailed={() => setFailed(true)}>
          <Suspense fallback={source ? null : background}>
            <MaplibreMap
              {...props}
              initialView={(fromLite && shown.current) || props.initialView}
              // Started from the lite map's view: it already shows the focus, or where the
              // passenger moved it since; only a later focus moves the camera.
              focus={fromLite && props.focus?.key === startFocus.current ? null : props.focus}
              fitTilesFirst={fromLite ? false : props.fitTilesFirst}
              concealed={!!lite}
              handOver={shown}
              onDrawn={() => setDrawn(true)}
            />
          </Suspense>
        </MapBoundary>
      ) : null}
      {!lite && !interactive ? background : null}
    </>
  );
}
