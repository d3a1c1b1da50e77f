#!/bin/sh
# Draws the demo video: a red car driving along a coast road past trees and
# a workshop (6 s, 640x360, VP9), with ffmpeg's drawing filters only.
set -e
out=${1:?usage: make.sh out.webm}
D=6
BOX="drawbox=t=fill"
ffmpeg -v error -y \
 -f lavfi -i "color=c=0x9cc9e8:s=640x360:d=$D:r=24" \
 -f lavfi -i "color=c=0x9cc9e8:s=640x120:d=$D:r=24,drawbox=x=0:y=20:w=640:h=60:c=0x8fb0c9:t=fill,drawbox=x=0:y=80:w=640:h=40:c=0x6f9656:t=fill,drawbox=x=40:y=60:w=36:h=50:c=0x2f6b3a:t=fill,drawbox=x=54:y=108:w=8:h=12:c=0x5b3b22:t=fill,drawbox=x=200:y=40:w=48:h=70:c=0x3d7f46:t=fill,drawbox=x=219:y=108:w=10:h=12:c=0x5b3b22:t=fill,drawbox=x=330:y=50:w=150:h=70:c=0xd8ccb4:t=fill,drawbox=x=320:y=40:w=170:h=12:c=0x8a3b2e:t=fill,drawbox=x=360:y=72:w=60:h=48:c=0x5d6470:t=fill,drawbox=x=440:y=70:w=26:h=20:c=0xbfe0f2:t=fill,drawbox=x=560:y=56:w=34:h=54:c=0x2f6b3a:t=fill,drawbox=x=573:y=108:w=8:h=12:c=0x5b3b22:t=fill" \
 -f lavfi -i "color=c=0x4a4d52:s=160x6:d=$D:r=24,drawbox=x=0:y=0:w=64:h=6:c=0xf2f2ea:t=fill" \
 -filter_complex "[1]split[t1][t2];[t1][t2]hstack[trees];[2]split=5[d1][d2][d3][d4][d5];[d1][d2][d3][d4][d5]hstack=inputs=5[dash];[0]drawbox=x=0:y=250:w=640:h=110:c=0x6f9656:t=fill,drawbox=x=0:y=256:w=640:h=76:c=0x4a4d52:t=fill,drawbox=x=0:y=256:w=640:h=3:c=0xd9d9cf:t=fill,drawbox=x=0:y=329:w=640:h=3:c=0xd9d9cf:t=fill,drawbox=x=500:y=36:w=56:h=56:c=0xf6d36b:t=fill[bg];[bg][trees]overlay=x='-mod(t*60,640)':y=130:shortest=1[t];[t][dash]overlay=x='-mod(t*320,160)':y=291:shortest=1[r];[r]drawbox=x=240:y=266:w=150:h=34:c=0xc8372d:t=fill,drawbox=x=272:y=244:w=80:h=24:c=0xc8372d:t=fill,drawbox=x=280:y=249:w=30:h=17:c=0xbfe0f2:t=fill,drawbox=x=316:y=249:w=30:h=17:c=0xbfe0f2:t=fill,drawbox=x=384:y=274:w=6:h=8:c=0xfff1b0:t=fill,drawbox=x=260:y=292:w=26:h=26:c=0x1c1d20:t=fill,drawbox=x=344:y=292:w=26:h=26:c=0x1c1d20:t=fill,drawbox=x=268:y=300:w=10:h=10:c=0x9a9ea6:t=fill,drawbox=x=352:y=300:w=10:h=10:c=0x9a9ea6:t=fill,format=yuv420p" \
 -t $D -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -an "$out"
