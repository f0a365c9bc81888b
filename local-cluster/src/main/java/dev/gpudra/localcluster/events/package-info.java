/** The Events the stand-in controllers record on pods, as their real counterparts do. */
package dev.gpudra.localcluster.events;
