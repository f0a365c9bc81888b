/**
 * The image's file system as the AOT training needs it: the base image's root file system unpacked
 * from a docker-archive tar ({@link DockerArchive}), and the image's classpath laid out in it as
 * Jib lays it out ({@link ImageClasspathLayout}), so that a cache trained there is valid in the
 * image.
 */
package dev.gpudra.bench.image;
