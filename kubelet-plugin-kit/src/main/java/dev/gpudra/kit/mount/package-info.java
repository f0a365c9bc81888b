/** tmpfs mounts on the node through libc ({@code mount(2)}, {@code umount2(2)}). */
package dev.gpudra.kit.mount;
