package pictures

import (
	"os"
	"strings"
)

func samplePaths() []string {
	if s := os.Getenv("MEDIA_PATHS"); s != "" {
		return strings.Fields(s)
	}
	return []string{
		"/-/media/demo/car/sedan/red/1.jpg",
		"/-/media/demo/car/suv/black/1.jpg",
		"/-/media/demo/car/van/white/2.jpg",
		"/-/media/demo/car/pickup/blue/3.jpg",
		"/-/media/demo/car360/hatchback/yellow/9.jpg",
		"/-/media/demo/site/3.jpg",
		"/-/media/demo/scene/road.jpg",
		"/-/media/demo/scene/mountain.jpg",
	}
}
