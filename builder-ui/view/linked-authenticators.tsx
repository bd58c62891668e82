import { useState } from "preact/hooks";
import { authenticatorDifferences, authenticatorPlaces, differsFromShared, linkPlace, segmentsPath, sharedAuthenticators, sharePlace, unlinkPlace, type AuthenticatorPlace } from "../model/linked-authenticators.js";
import type { Segment } from "../model/manifest-model.js";
import type { AuthContext } from "./auth-field.js";
import { LinkDialog, LinkToggle } from "./link-toggle.js";

/**
 * The shared authenticators: for each definition that serves (or could serve) several places, a group
 * listing every place a change to it applies to, and each place's link toggle. Shown when the manifest
 * has a shared authenticator definition.
 */
export function LinkedAuthenticators({ model, onModel }: AuthContext) {
  const [asking, setAsking] = useState<{ place: AuthenticatorPlace; definition: Segment[] }>();
  const places = authenticatorPlaces(model);
  const shared = sharedAuthenticators(model, places);
  if (shared.length === 0) {
    if (places.length < 2) return null;
    return (
      <fieldset class="linked">
        <legend>Shared authenticator</legend>
        <p class="note">Each place has its own authenticator ({places.map((p) => p.role).join("; ")}). Share one, then link the others to it.</p>
        {places.map((place) => (
          <button type="button" class="secondary" onClick={() => onModel((m) => sharePlace(m, place).model)}>
            Share the authenticator of {place.role}
          </button>
        ))}
      </fieldset>
    );
  }
  const linkedTo = (definition: readonly Segment[]) => places.filter((p) => p.linkedTo && segmentsPath(p.linkedTo) === segmentsPath(definition));
  const toggle = (place: AuthenticatorPlace, definition: Segment[], on: boolean) => {
    if (!on) return onModel((m) => unlinkPlace(m, place));
    if (place.linkedTo) return onModel((m) => linkPlace(unlinkPlace(m, place), place, definition, "shared"));
    if (differsFromShared(model, place, definition)) return setAsking({ place, definition });
    onModel((m) => linkPlace(m, place, definition, "shared"));
  };
  return (
    <>
      {shared.map((definition, d) => {
        const linked = linkedTo(definition);
        const name = segmentsPath(definition);
        return (
          <fieldset class="linked">
            <legend>Shared authenticator {name}</legend>
            <p class="note">{linked.length ? `A change to it applies to: ${linked.map((p) => p.role).join("; ")}.` : "No place uses it."}</p>
            {places
              .filter((p) => segmentsPath(p.segments) !== name && !segmentsPath(p.segments).startsWith(`${name}.`))
              .map((place, i) => (
                <LinkToggle
                  id={`link-${d}-${i}`}
                  label={`${place.role} uses the shared authenticator ${name}`}
                  linked={place.linkedTo !== undefined && segmentsPath(place.linkedTo) === name}
                  onToggle={(on) => toggle(place, definition, on)}
                />
              ))}
          </fieldset>
        );
      })}
      {asking && (
        <LinkDialog
          place={asking.place.role}
          definition={segmentsPath(asking.definition)}
          applies={linkedTo(asking.definition).map((p) => p.role)}
          differences={authenticatorDifferences(model, asking.place, asking.definition)}
          onKeepShared={() => {
            onModel((m) => linkPlace(m, asking.place, asking.definition, "shared"));
            setAsking(undefined);
          }}
          onKeepLocal={() => {
            onModel((m) => linkPlace(m, asking.place, asking.definition, "local"));
            setAsking(undefined);
          }}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </>
  );
}
