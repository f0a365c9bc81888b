/**
 * The project's feature gates ({@code --feature-gates} / {@code FEATURE_GATES}, format {@code
 * Key=true,Other=false}). A {@link dev.gpudra.api.featuregates.FeatureGates} value is always
 * complete (every gate has a value) and always satisfies the cross-gate rules; it is parsed once by
 * the wiring and passed to whoever needs it.
 */
package dev.gpudra.api.featuregates;
