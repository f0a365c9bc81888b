/**
 * {@code gpu-dra image push}: copies the image the build wrote as a tar (deployments/image's {@code
 * jib-image.tar}) to a registry with Jib's library, layer by layer, as {@code REGISTRY/NAME:TAG}
 * plus further tags, and prints the reference with the pushed manifest's digest. Credentials come
 * from the environment, then Docker's configuration and credential helpers; plain HTTP or an
 * unverified certificate only with {@code --insecure}. A tool of the checkout, never in the image.
 */
package dev.gpudra.imagepush;
