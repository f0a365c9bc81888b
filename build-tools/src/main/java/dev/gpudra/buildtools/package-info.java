/**
 * Steps of the build itself, never in the image.
 *
 * <p>{@link dev.gpudra.buildtools.OldClasses}: the JDK's AOT cache (JEP 483) cannot hold a class
 * file older than version 50 once it has been linked, because the old verifier records no
 * constraints to check at run time; such classes load from their jar and are verified on every
 * start. picocli is compiled for Java 5, so every command of the image parsed its flags from 228
 * classes outside the cache. The build rewrites them: target/libs jar → {@link
 * dev.gpudra.buildtools.JarUpgrade} → each old class → {@link dev.gpudra.buildtools.ClassUpgrade}
 * (version 52, stack map frames computed) → the jar replaced under its own name.
 */
package dev.gpudra.buildtools;
